/**
 * SPEC §9 pricing as the marketing site shows it. The numbers live in core (billing charges the same ones):
 * one module, one set of numbers. Amounts are whole US dollars.
 */
import { PRICING } from "@fleetforms/core/billing/pricing";

export { PRICING };

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
