import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { toLanguage } from "@/lib/i18n-options";
import { formatCents, monthName } from "@/lib/format";
import { refreshBilling } from "../api/keys";
import { startCheckout } from "../api/start-checkout";
import { codeOf, useBillingMessages } from "../lib/messages";
import type { BillingMonth } from "../types";
import { TOUCH } from "./touch";

export interface PayDialogProps {
  month: BillingMonth | null;
  onClose: () => void;
}

/**
 * Paying an unpaid month: the API opens a checkout session and the browser goes to its page (Stripe Checkout, or
 * the local test checkout). The recurring-payment certification (SPEC §5) is the flow's checkbox: ticking it
 * authorises Fleetforms to charge the payment method every month for the amounts billed. It is needed only for
 * recurring payment (issue 40): left unticked, the one month is paid and nothing more is authorised.
 */
export function PayDialog({ month, onClose }: PayDialogProps) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  return (
    <Modal open={month !== null} onClose={onClose} title={month ? t("billing.pay.title", { month: monthName(month.month, lang) }) : ""}>
      {month ? <PayForm key={month.month} month={month} onClose={onClose} /> : null}
    </Modal>
  );
}

function PayForm({ month, onClose }: { month: BillingMonth; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const messages = useBillingMessages();
  const [certified, setCertified] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const hintId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setStarting(true);
    setFailure(null);
    try {
      const { url } = await startCheckout(month.month, certified);
      // leaves the app: the checkout page brings the person back to /admin/billing?checkout=…
      window.location.assign(url);
    } catch (error) {
      setFailure(messages.paymentError(error));
      setStarting(false);
      // paid meanwhile (another tab, another administrator): the list shows it
      if (codeOf(error) === "billing.already_paid") void refreshBilling();
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <p className="text-slate-700">
        {t("billing.pay.amount")} <span className="font-semibold text-slate-900 tabular-nums">{formatCents(month.totalAmount, lang, month.currency)}</span>
      </p>
      <p className="text-sm text-slate-600">{t("billing.pay.intro")}</p>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">{t("billing.pay.recurring")}</legend>
        <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border border-slate-300 p-3 text-sm text-slate-800 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-600">
          <input type="checkbox" name="certifyRecurring" aria-describedby={hintId} className="mt-0.5 size-5 shrink-0 rounded border-slate-400 text-brand-700" checked={certified} onChange={(event) => setCertified(event.target.checked)} />
          <span className="font-medium">{t("billing.pay.certify")}</span>
        </label>
        <p id={hintId} className="text-sm text-slate-600">
          {certified ? t("billing.pay.recurringChosen") : t("billing.pay.onceOnly", { month: monthName(month.month, lang) })}
        </p>
      </fieldset>
      {failure ? <Notice kind="error">{failure}</Notice> : null}
      <div className="mt-2 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" className={TOUCH} onClick={onClose}>
          {t("common.actions.cancel")}
        </Button>
        <Button type="submit" className={TOUCH} disabled={starting}>
          {starting ? t("billing.pay.starting") : t("billing.pay.submit")}
        </Button>
      </div>
    </form>
  );
}
