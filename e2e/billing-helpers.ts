import { expect, type APIRequestContext, type Download, type Locator, type Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { DEMO_PASSWORD, type Lang } from "./auth-support";

/** The demo companies and their orgadmins (packages/local/src/demo-data.ts); each language's journey pays its own. */
export const DEMO_BILLING = {
  en: { orgadmin: "acme_admin", companyId: "acme-logistics", companyName: "Acme Logistics" },
  es: { orgadmin: "beta_admin", companyId: "beta-transport", companyName: "Beta Transport" },
} as const satisfies Record<Lang, { orgadmin: string; companyId: string; companyName: string }>;

/** docs/api-billing.md "The billing month", as far as the journeys read it. */
export interface BillingMonth {
  companyId: string;
  companyName: string;
  month: string;
  billableUsers: number;
  userPrice: number;
  vehicle: number;
  vehiclePrice: number;
  totalAmount: number;
  paymentStatus: "paid" | "unpaid";
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post("/api/auth/login", { data: { email: username, password: DEMO_PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The orgadmin's company's months (`GET /billing`) and, for one month, who and what it counted (`GET /billing/{month}`). */
export async function billingThroughApi(request: APIRequestContext, username: string) {
  const token = await tokenOf(request, username);
  const response = await request.get("/api/billing", { headers: bearer(token) });
  expect(response.status(), await response.text()).toBe(200);
  const { data } = (await response.json()) as { data: { months: BillingMonth[]; testMode: boolean } };
  const breakdown = async (month: string) => {
    const answer = await request.get(`/api/billing/${month}`, { headers: bearer(token) });
    expect(answer.status(), await answer.text()).toBe(200);
    return ((await answer.json()) as { data: { users: { id: string; label: string }[]; vehicles: { id: string; label: string }[] } }).data;
  };
  return { ...data, breakdown };
}

/** A month's name as the screens write it in a sentence ("October 2026", "octubre de 2026"), and as a heading. */
export function monthNames(month: string, lang: Lang) {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const name = new Intl.DateTimeFormat(lang === "es" ? "es-MX" : "en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(year, number - 1, 1)));
  return { name, title: name.charAt(0).toUpperCase() + name.slice(1) };
}

/** One month's card on /admin/billing, found by its heading. */
export const monthCard = (page: Page, title: string): Locator => page.getByRole("article", { name: title, exact: true });

/** Saves what a click downloads and hands back its name and first bytes. */
export async function downloaded(page: Page, click: () => Promise<void>) {
  const downloading = page.waitForEvent("download");
  await click();
  const download: Download = await downloading;
  const body = await readFile((await download.path())!);
  return { fileName: download.suggestedFilename(), body };
}
