/**
 * SPEC §9 pricing, shown on the marketing site and reused by billing: one module, one set of numbers.
 * Amounts are whole US dollars.
 */
export const PRICING = {
  currency: "USD",
  /** one telematics device per vehicle, bought once */
  devicePurchase: 75,
  /** per vehicle, every month */
  vehiclePerMonth: 25,
  /** per billable user */
  perUser: 15,
  /** installation is claimed to take under this many minutes */
  installationMinutes: 5,
  support: "24/7",
} as const;

export interface FleetSize {
  vehicles: number;
  users: number;
}

const whole = (value: number) => (Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);

/** What a fleet pays once (devices) and every month (vehicles and billable users). */
export function estimateCost({ vehicles, users }: FleetSize) {
  const v = whole(vehicles);
  const u = whole(users);
  return {
    oneTime: v * PRICING.devicePurchase,
    monthly: v * PRICING.vehiclePerMonth + u * PRICING.perUser,
  };
}

export function formatPrice(amount: number, language: string): string {
  return new Intl.NumberFormat(language === "es" ? "es-US" : "en-US", {
    style: "currency",
    currency: PRICING.currency,
    maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}
