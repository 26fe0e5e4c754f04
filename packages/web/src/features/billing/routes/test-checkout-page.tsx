import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { LoadingBlocks } from "@/components/ui/skeleton";
import { WarningIcon } from "@/components/ui/icons";
import { toLanguage } from "@/lib/i18n-options";
import { formatCents, monthTitle } from "@/lib/format";
import { useCheckoutSession } from "../api/get-checkout-session";
import { refreshBilling } from "../api/keys";
import { payTestCheckout } from "../api/pay-test-checkout";
import { TOUCH } from "../components/touch";
import { checkoutReturnPath } from "../lib/checkout-return";
import { isNotFound, useBillingMessages } from "../lib/messages";

const linkClasses = "font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600";

/**
 * `/admin/billing/checkout/:sessionId`: the local stack's stand-in for Stripe Checkout (docs/api-billing.md,
 * test mode). Paying delivers the signed event Stripe would send; both buttons come back to /admin/billing
 * the way Stripe's success and cancel addresses do.
 */
export function TestCheckoutPage({ sessionId }: { sessionId: string }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const navigate = useNavigate();
  const messages = useBillingMessages();
  const checkout = useCheckoutSession(sessionId);
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const session = checkout.data;

  async function pay() {
    if (!session) return;
    setPaying(true);
    setFailure(null);
    try {
      await payTestCheckout(sessionId);
      await refreshBilling();
      navigate(checkoutReturnPath("success", session.month));
    } catch (error) {
      setFailure(messages.paymentError(error));
      setPaying(false);
    }
  }

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-8">
      <title>{t("billing.test.pageTitle")}</title>
      <div role="note" aria-labelledby="test-mode-banner" className="flex items-start gap-3 rounded-lg border-2 border-amber-400 bg-amber-50 p-4 text-amber-950">
        <WarningIcon aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
        <div>
          <p id="test-mode-banner" className="text-lg font-bold">
            {t("billing.test.banner")}
          </p>
          <p className="text-sm">{t("billing.test.bannerText")}</p>
        </div>
      </div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("billing.test.title")}</h1>

      {checkout.error && !session ? (
        isNotFound(checkout.error) ? (
          <Notice kind="error">
            <p>{t("billing.errors.sessionNotFound")}</p>
            <p className="mt-2">
              <Link to="/admin/billing" className={linkClasses}>
                {t("billing.test.back")}
              </Link>
            </p>
          </Notice>
        ) : (
          <Notice kind="error" onRetry={() => void checkout.mutate()}>
            <p>{messages.errorMessage(checkout.error, "billing.test.loadFailed")}</p>
          </Notice>
        )
      ) : !session ? (
        <LoadingBlocks label={t("billing.test.loading")} blocks={["h-40"]} className="flex flex-col gap-3" />
      ) : (
        <section aria-labelledby="test-checkout-summary" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-xs">
          <h2 id="test-checkout-summary" className="sr-only">
            {t("billing.test.summary")}
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-slate-900">
            <dt className="font-medium text-slate-600">{t("billing.test.company")}</dt>
            <dd className="font-semibold">{session.companyName}</dd>
            <dt className="font-medium text-slate-600">{t("billing.test.month")}</dt>
            <dd className="font-semibold">{monthTitle(session.month, lang)}</dd>
            <dt className="font-medium text-slate-600">{t("billing.test.amount")}</dt>
            <dd className="text-2xl font-bold tabular-nums">{formatCents(session.totalAmount, lang, session.currency)}</dd>
          </dl>
          {failure ? <Notice kind="error">{failure}</Notice> : null}
          {session.status === "complete" ? (
            <Notice kind="success">
              <p>{t("billing.test.complete")}</p>
              <p className="mt-2">
                <Link to={checkoutReturnPath("success", session.month)} className={linkClasses}>
                  {t("billing.test.back")}
                </Link>
              </p>
            </Notice>
          ) : (
            <div className="flex flex-wrap justify-end gap-3">
              <Button variant="secondary" className={TOUCH} disabled={paying} onClick={() => navigate(checkoutReturnPath("cancelled", session.month))}>
                {t("billing.test.cancel")}
              </Button>
              <Button className={TOUCH} disabled={paying} onClick={() => void pay()}>
                {paying ? t("billing.test.paying") : t("billing.test.pay")}
              </Button>
            </div>
          )}
        </section>
      )}
    </div>
  );
}
