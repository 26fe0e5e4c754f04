/** docs/api-billing.md "The billing month" (SPEC §3 Billing). Money is integer cents. */
export type PaymentStatus = "paid" | "unpaid";

export interface BillingMonth {
  companyId: string;
  companyName: string;
  /** `YYYY-MM`, UTC */
  month: string;
  billableUsers: number;
  userPrice: number;
  /** SPEC §3's name for the number of vehicles billed */
  vehicle: number;
  vehiclePrice: number;
  totalAmount: number;
  currency: string;
  paymentStatus: PaymentStatus;
  paidAt?: string;
  /** "stripe", "test", "nothing-due" or the username of the provider administrator who marked it */
  paidBy?: string;
  paymentNote?: string;
  lang: string;
  createdAt: string;
  version: number;
}

export interface Prices {
  userPrice: number;
  vehiclePrice: number;
  currency: string;
}

/** `GET /billing`: the company's months, newest first. */
export interface BillingOverview {
  months: BillingMonth[];
  prices: Prices;
  /** payments go to the local test checkout (no Stripe key, local stack) */
  testMode: boolean;
}

/** Who or what a month counted: a username or a vehicle number. */
export interface BilledItem {
  id: string;
  label: string;
}

/** `GET /billing/{month}`. */
export interface MonthBreakdown {
  month: BillingMonth;
  users: BilledItem[];
  vehicles: BilledItem[];
}

/** `POST /billing/{month}/checkout`. */
export interface CheckoutStart {
  url: string;
  sessionId: string;
  testMode: boolean;
}

/** `GET /billing/checkout/{sessionId}` (test mode only). */
export interface CheckoutSession {
  sessionId: string;
  companyId: string;
  companyName: string;
  month: string;
  totalAmount: number;
  currency: string;
  status: "open" | "complete";
}

export interface BillingTotals {
  totalAmount: number;
  paidAmount: number;
  unpaidAmount: number;
  paid: number;
  unpaid: number;
}

/** `GET /billing/admin/all?month=`: every company's bill of one month, by company name. */
export interface AllCompaniesBilling {
  month: string;
  companies: BillingMonth[];
  totals: BillingTotals;
}

/** `POST /billing/admin/run`. */
export interface BillingRunResult {
  month: string;
  created: number;
  existing: number;
}
