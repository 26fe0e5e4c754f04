import { expect, test, type APIRequestContext } from "@playwright/test";
import { providerAdminIn } from "./admin-helpers";
import { providerToken } from "./companies-helpers";
import { restoreLanguage } from "./auth-support";
import { seriousViolations } from "./axe";
import { billingThroughApi, DEMO_BILLING, downloaded, monthCard, monthNames, type BillingMonth } from "./billing-helpers";
import { LANGS, signedIn, translator } from "./forms-helpers";

type Bill = BillingMonth & { paymentStatus: string; paidAt?: string; version: number; createdAt: string };

/** `POST /billing/admin/run`, as the provider administrator: how many bills it made and how many it found made. */
async function runThroughApi(request: APIRequestContext, token: string, month: string) {
  const response = await request.post("/api/billing/admin/run", { data: { month }, headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { created: number; existing: number } }).data;
}

/** Every company's bill of one month (`GET /billing/admin/all`). */
async function billsOf(request: APIRequestContext, token: string, month: string) {
  const response = await request.get(`/api/billing/admin/all?month=${month}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { companies: Bill[] } }).data.companies;
}

/** What a run writes when it makes a bill (another journey may pay a bill meanwhile: that is not the run). */
const asMade = ({ companyId, month, billableUsers, userPrice, vehicle, vehiclePrice, totalAmount, createdAt }: Bill) => ({ companyId, month, billableUsers, userPrice, vehicle, vehiclePrice, totalAmount, createdAt });

/**
 * Issue 17 in English and Spanish: a company's orgadmin opens billing, reads the newest month's breakdown,
 * certifies the recurring payment (SPEC §5), pays through the local test checkout (in
 * English after cancelling once), comes back to the month shown paid (in Spanish after waiting for the
 * payment's confirmation) and downloads its invoice; then the provider administrator finds the month paid
 * among all companies, downloads the month's CSV and runs the month again. Each language pays a different
 * demo company's unpaid month (Acme in English, Beta in Spanish), so the journeys run side by side.
 */
for (const lang of LANGS) {
  const t = translator(lang);
  const demo = DEMO_BILLING[lang];

  test.describe(`billing (${lang})`, () => {
    test.afterAll(async ({ request }) => {
      // the journeys sign the demo accounts in with their language: each gets its own back
      await restoreLanguage(request, demo.orgadmin, "es");
      if (lang !== "en") await restoreLanguage(request, "admin", "en");
    });

    test("an orgadmin pays the unpaid month through the test checkout and downloads its invoice; the provider sees it paid", async ({ browser, request }) => {
      test.setTimeout(60_000);
      const billing = await billingThroughApi(request, demo.orgadmin);
      expect(billing.testMode).toBe(true);
      const unpaid = billing.months.find((month) => month.paymentStatus === "unpaid");
      expect(unpaid, `an unpaid month for ${demo.companyName}`).toBeDefined();
      // the screen opens the newest month; the demo's newest is the unpaid one
      expect(billing.months[0]!.month).toBe(unpaid!.month);
      const counted = await billing.breakdown(unpaid!.month);
      const { name, title } = monthNames(unpaid!.month, lang);

      const page = await signedIn(browser, lang, demo.orgadmin);
      try {
        // the admin home's card leads here (e2e/admin-users.spec.ts)
        await page.goto("/admin/billing");
        await expect(page.getByRole("heading", { level: 1, name: t("billing.title") })).toBeVisible();

        // the newest month, unpaid, opened on its breakdown: users × price, vehicles × price, who and what was counted
        const card = monthCard(page, title);
        await expect(card).toContainText(t("billing.status.unpaid"));
        const table = card.getByRole("table", { name: t("billing.breakdown.caption", { month: name }) });
        await expect(table.getByRole("row", { name: new RegExp(`^${t("billing.breakdown.users")} ${unpaid!.billableUsers} `) })).toBeVisible();
        await expect(table.getByRole("row", { name: new RegExp(`^${t("billing.breakdown.vehicles")} ${unpaid!.vehicle} `) })).toBeVisible();
        const users = card.getByRole("region", { name: t(`billing.breakdown.usersCounted_${counted.users.length === 1 ? "one" : "other"}`, { count: String(counted.users.length) }) });
        for (const user of counted.users) await expect(users.getByText(user.label, { exact: true })).toBeVisible();
        const vehicles = card.getByRole("region", { name: t(`billing.breakdown.vehiclesCounted_${counted.vehicles.length === 1 ? "one" : "other"}`, { count: String(counted.vehicles.length) }) });
        for (const vehicle of counted.vehicles) await expect(vehicles.getByText(vehicle.label, { exact: true })).toBeVisible();
        expect(await seriousViolations(page), `/admin/billing ${lang}`).toEqual([]);

        // SPEC §5: the recurring-payment certification is the flow's checkbox; paying this month does not need it
        // (issue 40, e2e/fit-and-copy.spec.ts), and this journey ticks it
        let first = true;
        const openPay = async () => {
          await card.getByRole("button", { name: t("billing.months.payNamed", { month: name }) }).click();
          const dialog = page.getByRole("dialog", { name: t("billing.pay.title", { month: name }) });
          const submit = dialog.getByRole("button", { name: t("billing.pay.submit") });
          await expect(submit).toBeEnabled();
          await dialog.getByRole("checkbox", { name: t("billing.pay.certify") }).check();
          await expect(submit).toBeEnabled();
          if (first) expect(await seriousViolations(page), `pay dialog ${lang}`).toEqual([]);
          await submit.click();
          await expect(page).toHaveURL(/\/admin\/billing\/checkout\/[^/?]+$/);
          await expect(page.getByText(t("billing.test.banner"), { exact: true })).toBeVisible();
          await expect(page.getByRole("main").getByText(demo.companyName, { exact: true })).toBeVisible();
          if (first) expect(await seriousViolations(page), `test checkout ${lang}`).toEqual([]);
          first = false;
        };

        // cancelled at the checkout: back with nothing charged, still unpaid (once, in English: the way back is the same in both)
        if (lang === "en") {
          await openPay();
          await page.getByRole("button", { name: t("billing.test.cancel") }).click();
          await expect(page).toHaveURL(new RegExp(`/admin/billing\\?checkout=cancelled&month=${unpaid!.month}$`));
          await expect(page.getByRole("status").filter({ hasText: t("billing.checkout.cancelledMonth", { month: name }) })).toBeVisible();
          await expect(card).toContainText(t("billing.status.unpaid"));
        }

        // paid at the checkout: back to the month confirmed paid
        await openPay();
        if (lang === "es") {
          // the webhook can be slower than the way back: the first answer still says unpaid, and the page asks again
          await page.route(
            "**/api/billing",
            async (route) => {
              const response = await route.fetch();
              const body = (await response.json()) as { data: { months: BillingMonth[] } };
              for (const month of body.data.months) if (month.month === unpaid!.month) month.paymentStatus = "unpaid";
              await route.fulfill({ response, json: body });
            },
            { times: 1 },
          );
        }
        await page.getByRole("button", { name: t("billing.test.pay"), exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/admin/billing\\?checkout=success&month=${unpaid!.month}$`));
        if (lang === "es") await expect(page.getByRole("status").filter({ hasText: t("billing.checkout.waiting") })).toBeVisible();
        await expect(page.getByRole("status").filter({ hasText: t("billing.checkout.confirmed", { month: name }) })).toBeVisible();
        await expect(card).toContainText(t("billing.status.paid"));
        await expect(card.getByRole("button", { name: t("billing.months.payNamed", { month: name }) })).toHaveCount(0);

        // the invoice, as a PDF
        const invoice = await downloaded(page, () => card.getByRole("button", { name: t("billing.months.downloadNamed", { month: name }) }).click());
        expect(invoice.fileName).toBe(`fleetforms-invoice-${demo.companyId}-${unpaid!.month}.pdf`);
        expect(invoice.body.subarray(0, 4).toString("latin1")).toBe("%PDF");
      } finally {
        await page.context().close();
      }

      // the provider administrator, working in the same company, reads every company's bills of that month
      const provider = await providerAdminIn(browser, lang, demo.companyName);
      try {
        await provider.goto("/admin/billing");
        await provider.getByRole("tab", { name: t("billing.tabs.all") }).click();
        await expect(provider).toHaveURL(/\/admin\/billing\?tab=all$/);
        await provider.getByLabel(t("billing.admin.month"), { exact: true }).fill(unpaid!.month);
        const bills = provider.getByRole("table", { name: t("billing.admin.tableLabel", { month: name }) });
        const row = bills.getByRole("row").filter({ has: provider.getByRole("rowheader", { name: demo.companyName, exact: true }) });
        await expect(row).toContainText(t("billing.status.paid"));
        await expect(row.getByRole("button", { name: t("billing.admin.markPaid.named", { company: demo.companyName }) })).toHaveCount(0);
        await expect(provider.getByText(t("billing.admin.totals.total"), { exact: true })).toBeVisible();
        expect(await seriousViolations(provider), `all companies ${lang}`).toEqual([]);

        // the month as CSV, named as the API names it
        const csv = await downloaded(provider, () => provider.getByRole("button", { name: t("billing.admin.csv") }).click());
        expect(csv.fileName).toBe(`fleetforms-billing-${unpaid!.month}.csv`);
        const lines = csv.body.toString("utf8").trim().split(/\r?\n/);
        expect(lines[0]).toContain("company,companyId,month");
        expect(lines.find((line) => line.includes(`,${demo.companyId},`))).toMatch(/,paid,/);

        // running a month already billed changes nothing and says so. The demo bills only its own companies'
        // months: the run through the API first bills any other company that existed then, so every bill of the
        // month is made before the button is pressed
        const token = await providerToken(request);
        const billed = await runThroughApi(request, token, unpaid!.month);
        const before = await billsOf(request, token, unpaid!.month);
        expect(before.map((bill) => bill.companyId)).toContain(demo.companyId);
        await provider.getByRole("button", { name: t("billing.admin.run.button") }).click();
        await expect(provider.getByRole("status").filter({ hasText: t("billing.admin.run.done", { month: name, created: "0", existing: String(billed.created + billed.existing) }) })).toBeVisible();
        // no bill made, none made again: each keeps its amounts and when it was made, and this company's stays paid
        const after = await billsOf(request, token, unpaid!.month);
        expect(after.map(asMade)).toEqual(before.map(asMade));
        expect(after.find((bill) => bill.companyId === demo.companyId)).toEqual(before.find((bill) => bill.companyId === demo.companyId));
      } finally {
        await provider.context().close();
      }
    });
  });
}
