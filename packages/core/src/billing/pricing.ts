/**
 * SPEC §9 pricing: the one set of numbers the marketing site shows and the monthly billing run charges.
 * Amounts here are whole US dollars; billing works in integer cents (`cents()`).
 */
export const PRICING = {
  currency: "USD",
  /** one telematics device per vehicle, bought once */
  devicePurchase: 75,
  /** per vehicle, every month */
  vehiclePerMonth: 25,
  /** per billable user, every month */
  perUser: 15,
  /** installation is claimed to take under this many minutes */
  installationMinutes: 5,
  support: "24/7",
} as const;

/** Whole dollars to integer cents. */
export const cents = (dollars: number) => Math.round(dollars * 100);

/** What one billable user and one active vehicle cost a month, in cents. */
export const MONTHLY_PRICES = {
  userPrice: cents(PRICING.perUser),
  vehiclePrice: cents(PRICING.vehiclePerMonth),
  currency: PRICING.currency,
} as const;
