import { useTranslation } from "react-i18next";
import { Spinner } from "@/components/ui/spinner";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useProfile } from "../api/profile-api";
import { useSession } from "../session/use-session";
import { PasswordForm } from "./password-form";
import { ProfileForm } from "./profile-form";

/** SPEC §2 profile routes (/userProfile, /adminProfile, /orgadminProfile): the signed-in person's details and password. */
export function ProfilePage() {
  const { t } = useTranslation();
  const session = useSession();
  const { data, error, isLoading, mutate } = useProfile(session.user?.id);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("profile.title")}</h1>
        {session.user ? (
          <p className="mt-1 text-sm text-slate-600">
            {session.user.username} · {t(`auth.roles.${session.user.role}`)}
            {session.user.company ? ` · ${session.user.company.name}` : ""}
          </p>
        ) : null}
      </div>
      {isLoading ? <Spinner /> : null}
      {error ? (
        <Notice kind="error">
          {t("profile.loadFailed")}{" "}
          <Button variant="ghost" size="sm" onClick={() => void mutate()}>
            {t("common.actions.retry")}
          </Button>
        </Notice>
      ) : null}
      {data ? (
        <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <ProfileForm profile={data} onSaved={(saved) => {
              void mutate(saved, { revalidate: false });
              void session.reloadUser();
            }} onStale={() => void mutate()} />
        </section>
      ) : null}
      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <PasswordForm />
      </section>
    </div>
  );
}
