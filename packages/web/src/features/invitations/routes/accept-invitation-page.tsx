import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button, ButtonLink } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useInvitation } from "../api/get-invitation";
import { acceptInvitation } from "../api/accept-invitation";
import { registerWithInvitation } from "../api/register-with-invitation";
import { InvitedRegisterForm, type InvitedRegistration } from "../components/invited-register-form";
import type { InvitationStatus, TokenPair } from "../types";

/** The person looking at the page, as the app layer knows them from the session. */
export interface InvitationViewer {
  /** false while the session is still loading or refreshing */
  ready: boolean;
  /** the signed-in account's e-mail, or null when signed out */
  email: string | null;
}

export interface AcceptInvitationPageProps {
  token: string | null;
  viewer: InvitationViewer;
  /** go to sign-in, coming back to this page afterwards */
  onSignIn: () => void;
  /** sign out (for another account), coming back to this page afterwards */
  onSignOut: () => void;
  /** start the session a registration returned, then enter the app */
  onRegistered: (pair: TokenPair) => Promise<void>;
  /** switch the session to the company and enter the app */
  onJoined: (companyId: string) => Promise<void>;
  /** translates an API or schema error the auth screens also receive */
  messageOf: (error: unknown, fallbackKey: string) => string;
  fieldMessages: (fieldErrors: Record<string, string[] | undefined>) => Record<string, string>;
}

/** After "sign in to accept", the page accepts by itself on the way back (kept for this tab only). */
const ACCEPT_AFTER_SIGN_IN = "fleetforms.acceptInvitation";
function rememberAccept(token: string) {
  try {
    window.sessionStorage.setItem(ACCEPT_AFTER_SIGN_IN, token);
  } catch {
    // storage blocked: the person presses Accept themselves
  }
}
function takeRememberedAccept(token: string): boolean {
  try {
    const remembered = window.sessionStorage.getItem(ACCEPT_AFTER_SIGN_IN);
    window.sessionStorage.removeItem(ACCEPT_AFTER_SIGN_IN);
    return remembered === token;
  } catch {
    // storage blocked: nothing was remembered
    return false;
  }
}

/** The invitation errors the API answers with, by code; anything else goes through `messageOf`. */
const CODE_KEYS: Record<string, string> = {
  "invitation.not_found": "invitations.status.notFound",
  "invitation.expired": "invitations.status.expired",
  "invitation.revoked": "invitations.status.revoked",
  "invitation.accepted": "invitations.status.accepted",
  "invitation.wrong_account": "invitations.status.wrongAccount",
  "invitation.already_member": "invitations.status.alreadyMember",
  "auth.registration_expired": "invitations.status.expired",
  "auth.registration_invalid": "invitations.status.notFound",
};
const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : undefined);

const STATUS_KEYS: Record<Exclude<InvitationStatus, "pending">, string> = {
  expired: "invitations.status.expired",
  revoked: "invitations.status.revoked",
  accepted: "invitations.status.accepted",
};

function Message({ kind, children }: { kind: "info" | "error"; children: ReactNode }) {
  return (
    <div role={kind === "error" ? "alert" : "status"} className={cn("rounded-md border px-3 py-2 text-sm", kind === "error" ? "border-red-200 bg-red-50 text-red-900" : "border-brand-100 bg-brand-50 text-brand-900")}>
      {children}
    </div>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex justify-center px-4 py-10 sm:py-16">
      <div className="w-full max-w-2xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <title>{`${title} · Fleetforms`}</title>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <div className="mt-6 flex flex-col gap-5">{children}</div>
      </div>
    </div>
  );
}

/**
 * /accept-invite?token=…: shows the company and the role the link offers, and
 * lets the invited person accept signed in, sign in first, or register. The
 * server decides whether the signed-in account is the invited one.
 */
export function AcceptInvitationPage({ token, viewer, onSignIn, onSignOut, onRegistered, onJoined, messageOf, fieldMessages }: AcceptInvitationPageProps) {
  const { t } = useTranslation();
  const { data: invitation, error: loadError, isLoading, mutate } = useInvitation(token);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; code?: string }>();
  const [registering, setRegistering] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const autoAccepted = useRef(false);

  const fail = (error: unknown) => {
    const code = codeOf(error);
    setFailure({ message: code && CODE_KEYS[code] ? t(CODE_KEYS[code]!) : messageOf(error, "invitations.failed"), code });
    setBusy(false);
  };

  async function accept() {
    if (!token) return;
    setBusy(true);
    setFailure(undefined);
    try {
      const accepted = await acceptInvitation(token);
      await onJoined(accepted.company.id);
    } catch (error) {
      fail(error);
      if (["invitation.expired", "invitation.revoked", "invitation.accepted"].includes(codeOf(error) ?? "")) void mutate();
    }
  }

  async function register(registration: InvitedRegistration) {
    if (!token) return;
    setBusy(true);
    setFailure(undefined);
    setFieldErrors({});
    try {
      await onRegistered(await registerWithInvitation({ ...registration, registration_token: token }));
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length) setFieldErrors(fieldMessages(error.fieldErrors));
      fail(error);
    }
  }

  const pending = invitation?.status === "pending";
  useEffect(() => {
    if (!token || !pending || !viewer.ready || !viewer.email || autoAccepted.current) return;
    autoAccepted.current = true;
    if (takeRememberedAccept(token)) void accept();
    // accept() only reads the token and props; it runs once, on the way back from signing in
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, pending, viewer.ready, viewer.email]);

  const title = invitation?.company.name ? t("invitations.title", { company: invitation.company.name }) : t("invitations.titleGeneric");

  if (!token) {
    return (
      <Card title={title}>
        <Message kind="error">{t("invitations.status.missing")}</Message>
        <ButtonLink to="/" variant="secondary" className="self-start">
          {t("invitations.goHome")}
        </ButtonLink>
      </Card>
    );
  }
  if (isLoading || (!invitation && !loadError)) return <Spinner label={t("invitations.loading")} />;
  if (!invitation) {
    return (
      <Card title={title}>
        <Message kind="error">{codeOf(loadError) === "invitation.not_found" ? t("invitations.status.notFound") : messageOf(loadError, "invitations.loadFailed")}</Message>
        <ButtonLink to="/" variant="secondary" className="self-start">
          {t("invitations.goHome")}
        </ButtonLink>
      </Card>
    );
  }

  const intro = (
    <>
      <p className="text-slate-700">{t("invitations.intro", { company: invitation.company.name, role: t(`invitations.roles.${invitation.role}`) })}</p>
      <p className="text-sm text-slate-600">{t("invitations.sentTo", { email: invitation.email })}</p>
    </>
  );

  if (invitation.status !== "pending") {
    return (
      <Card title={title}>
        {intro}
        <Message kind="error">{t(STATUS_KEYS[invitation.status])}</Message>
        <ButtonLink to={viewer.email ? "/company-select" : "/login"} variant="secondary" className="self-start">
          {viewer.email ? t("invitations.chooseCompany") : t("invitations.signInPlain")}
        </ButtonLink>
      </Card>
    );
  }

  const failed = failure ? <Message kind="error">{failure.message}</Message> : null;

  if (!viewer.ready) return <Spinner label={t("invitations.loading")} />;

  if (viewer.email) {
    return (
      <Card title={title}>
        {intro}
        <p className="text-sm text-slate-700">{t("invitations.signedInAs", { email: viewer.email })}</p>
        {failed}
        <div className="flex flex-wrap gap-3">
          {failure?.code === "invitation.wrong_account" ? (
            <Button
              onClick={() => {
                rememberAccept(token);
                onSignOut();
              }}
            >
              {t("invitations.signOut")}
            </Button>
          ) : failure?.code === "invitation.already_member" ? (
            <ButtonLink to="/company-select">{t("invitations.chooseCompany")}</ButtonLink>
          ) : (
            <Button onClick={() => void accept()} disabled={busy}>
              {busy ? t("invitations.accepting") : t("invitations.accept")}
            </Button>
          )}
        </div>
      </Card>
    );
  }

  return (
    <Card title={title}>
      {intro}
      {failed}
      <section aria-labelledby="invitation-sign-in" className="flex flex-col gap-2">
        <h2 id="invitation-sign-in" className="text-lg font-semibold text-slate-900">
          {t("invitations.haveAccount")}
        </h2>
        <Button
          className="self-start"
          onClick={() => {
            rememberAccept(token);
            onSignIn();
          }}
        >
          {t("invitations.signIn")}
        </Button>
      </section>
      <section className="flex flex-col gap-3 border-t border-slate-200 pt-5">
        {registering ? (
          <InvitedRegisterForm busy={busy} serverErrors={fieldErrors} translate={fieldMessages} onSubmit={(registration) => void register(registration)} />
        ) : (
          <>
            <p className="text-slate-700">{t("invitations.noAccount")}</p>
            <Button variant="secondary" className="self-start" onClick={() => setRegistering(true)}>
              {t("invitations.createAccount")}
            </Button>
          </>
        )}
      </section>
    </Card>
  );
}
