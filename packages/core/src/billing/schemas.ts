import * as z from "../util/zod";
import { MonthId } from "./month";

/*
 * What billing's calls accept and the messages they answer with (docs/api-billing.md): no server code, so
 * the web app validates with the same rules (STYLE rule 2).
 */

export { MonthId };

export const BILLING_MESSAGES = {
  notFound: "Billing month not found",
  certifyRequired: "Please certify the recurring payment to continue.",
  alreadyPaid: "This month is already paid.",
  nothingDue: "There is nothing to pay for this month.",
  sessionFailed: "Payment session creation failed. Please try again.",
  notConfigured: "Payments are not configured.",
  sessionNotFound: "Payment session not found",
  badSignature: "Invalid payment signature",
  noteRequired: "Enter a note about the payment",
  noteTooLong: "Keep the note to 500 characters or fewer",
  monthOpen: "Only a month that has ended can be billed.",
} as const;

/** `certifyRecurring`: the recurring-payment certification (SPEC §5), ticked to let later months be charged to the card; one month is paid without it */
export const CheckoutInput = /* @__PURE__ */ z.lazySchema(() => z.object({ certifyRecurring: z.optional(z.boolean()) }));
export const MarkPaidInput = /* @__PURE__ */ z.lazySchema(() => z.object({
  note: z.string({ error: BILLING_MESSAGES.noteRequired }).check(
    z.trim(),
    z.minLength(1, BILLING_MESSAGES.noteRequired),
    z.maxLength(500, BILLING_MESSAGES.noteTooLong),
  ),
}));
export const RunInput = /* @__PURE__ */ z.lazySchema(() => z.object({ month: MonthId }));
export const AllQuery = /* @__PURE__ */ z.lazySchema(() => z.object({ month: MonthId, format: z.optional(z.enum(["json", "csv"])) }));
