import { mutate } from "swr";

/** Every billing answer is cached under this first key part, so one change reads them all again. */
export const BILLING = "billing";

/** After a payment, a month marked paid or a run: every cached billing answer is read again. */
export const refreshBilling = () => mutate((key) => Array.isArray(key) && key[0] === BILLING);
