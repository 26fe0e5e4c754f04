import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Notice } from "@/components/ui/notice";
import { LoadingBlocks } from "@/components/ui/skeleton";
import { config } from "@/config/env";

/**
 * Swagger UI (swagger-ui-dist's prebuilt bundle) rendering the API's OpenAPI document. Imported only here,
 * when the reference page mounts: its ~1.5 MB and its stylesheet are their own chunks, in no other page.
 */
export function SwaggerReference() {
  const { t } = useTranslation();
  const target = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setState("loading");
    (async () => {
      const [{ default: SwaggerUIBundle }, response] = await Promise.all([
        import("swagger-ui-dist/swagger-ui-es-bundle.js"),
        fetch(`${config.apiUrl}/openapi.json`),
        import("swagger-ui-dist/swagger-ui.css"),
      ]);
      if (!response.ok) throw new Error(`${response.status}`);
      // the calls go where this app's API is, whatever the document's relative server says
      const spec = { ...(await response.json()), servers: [{ url: new URL(config.apiUrl, window.location.href).href }] };
      if (cancelled || !target.current) return;
      // tags start closed: Swagger UI 5 stopped rendering this document's ~150 operations when all were listed open
      SwaggerUIBundle({ spec, domNode: target.current, deepLinking: false, defaultModelsExpandDepth: -1, docExpansion: "none" });
      setState("ready");
    })().catch(() => !cancelled && setState("failed"));
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  return (
    <>
      {state === "loading" ? <LoadingBlocks label={t("developers.loading")} blocks={["h-12", "h-12", "h-12"]} /> : null}
      {state === "failed" ? (
        <Notice kind="error" onRetry={() => setAttempt((value) => value + 1)}>
          <p>{t("developers.loadFailed")}</p>
        </Notice>
      ) : null}
      <div ref={target} lang="en" className="swagger-reference" />
    </>
  );
}
