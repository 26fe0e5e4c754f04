import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useRouteError } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { claimChunkReload, isChunkLoadError, sessionStore } from "@/lib/chunk-reload";

/** Each error is judged once: React may render the boundary twice, and a second claim would say no. */
const reloadDecisions = new WeakMap<object, boolean>();

/**
 * A missing page file reloads the tab once. While offline nothing is decided yet (a reload would show the
 * browser's own error page): the page re-renders when the connection returns, and the reload happens then.
 */
function decideReload(error: unknown): boolean {
  if (!isChunkLoadError(error) || !navigator.onLine) return false;
  const key = error as object;
  if (!reloadDecisions.has(key)) reloadDecisions.set(key, claimChunkReload(sessionStore()));
  return reloadDecisions.get(key)!;
}

/**
 * Every route's error element: instead of React Router's developer screen, a translated page with a retry.
 * A page file that no longer exists after a deploy reloads the tab once, at the same address, so the
 * person lands on the new version where they were going. `home` is where the way out leads (signed in: /home).
 */
export function RouteError({ home = "/" }: { home?: string }) {
  const { t } = useTranslation();
  const error = useRouteError();
  const reloading = decideReload(error);
  const [offline, setOffline] = useState(() => !navigator.onLine);
  const [stillOffline, setStillOffline] = useState(false);

  useEffect(() => {
    if (reloading) window.location.reload();
  }, [reloading]);

  useEffect(() => {
    if (!reloading && !isRouteErrorResponse(error)) console.error("route error", error);
  }, [error, reloading]);

  useEffect(() => {
    const update = () => setOffline(!navigator.onLine);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);

  if (reloading) return <Spinner fullScreen label={t("recovery.routeError.updating")} />;

  // a reload while offline would show the browser's own error page, so it waits for the connection
  const retry = () => {
    if (!navigator.onLine) return setStillOffline(true);
    window.location.reload();
  };

  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-start justify-center gap-4 px-6 py-16">
      <h1 tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900">
        {offline ? t("recovery.routeError.offlineTitle") : t("recovery.routeError.title")}
      </h1>
      <p className="text-slate-700">{offline ? t("recovery.routeError.offlineText") : t("recovery.routeError.text")}</p>
      {stillOffline && offline ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {t("recovery.routeError.stillOffline")}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={retry}>{t("common.actions.retry")}</Button>
        <a href={home} className="font-semibold text-brand-700 underline underline-offset-2">
          {t("recovery.routeError.home")}
        </a>
      </div>
    </div>
  );
}
