import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Spinner } from "@/components/ui/spinner";
import { answerRecipientRequest, getRecipientRequest, type RecipientRequest } from "../api/confirm-recipient";
import { useReportMessages } from "../lib/messages";

type State = { kind: "loading" } | { kind: "ready"; request: RecipientRequest } | { kind: "failed"; error: unknown };

/**
 * /reports/confirm?token=… (issue 36): the page an outside report recipient's e-mail links to. It names the
 * company and the address and asks; nothing is confirmed by opening it (mail scanners open links), only by
 * pressing a button.
 */
export function ConfirmRecipientPage() {
  const { t } = useTranslation();
  const messages = useReportMessages();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [state, setState] = useState<State>({ kind: "loading" });
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    getRecipientRequest(token).then(
      (request) => current && setState({ kind: "ready", request }),
      (error: unknown) => current && setState({ kind: "failed", error }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  async function reply(answer: "confirm" | "decline") {
    setSaving(true);
    setFailure(null);
    try {
      setState({ kind: "ready", request: await answerRecipientRequest(token, answer) });
    } catch (error) {
      setFailure(messages.errorMessage(error, "reports.confirm.failed"));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-12">
      <title>{t("reports.confirm.pageTitle")}</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("reports.confirm.title")}</h1>
      {state.kind === "loading" ? (
        <Spinner label={t("reports.confirm.loading")} />
      ) : state.kind === "failed" ? (
        <Notice kind="error">{messages.errorMessage(state.error, "reports.confirm.loadFailed")}</Notice>
      ) : (
        <>
          {state.request.status === "pending" ? (
            <p className="text-slate-800">{t("reports.confirm.question", { company: state.request.company.name, email: state.request.email })}</p>
          ) : (
            <p role="status" className="font-medium text-slate-900">
              {t(`reports.confirm.${state.request.status}`, { company: state.request.company.name, email: state.request.email })}
            </p>
          )}
          {failure ? <Notice kind="error">{failure}</Notice> : null}
          <div className="flex flex-wrap gap-3">
            {state.request.status !== "confirmed" ? (
              <Button disabled={saving} onClick={() => void reply("confirm")}>
                {saving ? t("reports.confirm.saving") : t("reports.confirm.confirm")}
              </Button>
            ) : null}
            {state.request.status !== "declined" ? (
              <Button variant="secondary" disabled={saving} onClick={() => void reply("decline")}>
                {t("reports.confirm.decline")}
              </Button>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
