import type { BillingLineItem, BillingMonthItem } from "./billing.entity";
import { locale, money, monthName } from "./format";

/*
 * The monthly invoice: plain HTML in the company's language, rendered by the product's PDF service (the
 * same sandboxed Chromium as submissions: JavaScript off, no network).
 */

const TEXTS = {
  en: {
    title: "Invoice",
    period: "Billing period",
    issued: "Issued",
    company: "Billed to",
    item: "Item",
    quantity: "Quantity",
    unit: "Unit price",
    amount: "Amount",
    users: "Billable users",
    vehicles: "Active vehicles",
    total: "Total",
    status: "Status",
    paid: (when: string) => `Paid on ${when}`,
    unpaid: "Not paid",
    counted: "Counted this month",
    none: "None",
    footer: "Fleetforms · per billable user and per active vehicle, each month.",
  },
  es: {
    title: "Factura",
    period: "Periodo de facturación",
    issued: "Emitida",
    company: "Facturado a",
    item: "Concepto",
    quantity: "Cantidad",
    unit: "Precio unitario",
    amount: "Importe",
    users: "Usuarios facturables",
    vehicles: "Vehículos activos",
    total: "Total",
    status: "Estado",
    paid: (when: string) => `Pagada el ${when}`,
    unpaid: "No pagada",
    counted: "Incluidos este mes",
    none: "Ninguno",
    footer: "Fleetforms · por usuario facturable y por vehículo activo, cada mes.",
  },
} as const;

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const day = (iso: string, lang: "en" | "es") => new Intl.DateTimeFormat(locale(lang), { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));

const CSS = `
  @page { size: A4; margin: 18mm; }
  body { font-family: "Helvetica Neue", Arial, "Liberation Sans", sans-serif; font-size: 10.5pt; color: #1f2937; margin: 0; }
  h1 { font-size: 20pt; margin: 0 0 2pt; }
  .meta { color: #475569; margin: 0 0 14pt; }
  .meta div { margin: 2pt 0; }
  table { width: 100%; border-collapse: collapse; margin: 10pt 0; }
  td, th { text-align: left; padding: 5pt 6pt; border-bottom: 1px solid #e2e8f0; }
  th { color: #334155; font-weight: 600; }
  .num { text-align: right; }
  .total td { font-weight: 700; border-top: 2px solid #334155; }
  h2 { font-size: 11.5pt; margin: 16pt 0 4pt; }
  .list { color: #475569; font-size: 9pt; }
  footer { margin-top: 24pt; color: #64748b; font-size: 8.5pt; }
`;

/** The invoice's HTML (exported for tests: the text a PDF carries is hard to read back). */
export function invoiceHtml(month: BillingMonthItem, lines: Pick<BillingLineItem, "kind" | "label">[], now = new Date()): string {
  const lang = month.lang === "es" ? "es" : "en";
  const t = TEXTS[lang];
  const price = (cents: number) => money(cents, month.currency, lang);
  const row = (item: string, quantity: number, unit: number) =>
    `<tr><td>${escape(item)}</td><td class="num">${quantity}</td><td class="num">${price(unit)}</td><td class="num">${price(quantity * unit)}</td></tr>`;
  const list = (kind: "user" | "vehicle") => {
    const labels = lines.filter((line) => line.kind === kind).map((line) => escape(line.label));
    return labels.length ? labels.join(", ") : t.none;
  };
  const status = month.paymentStatus === "paid" && month.paidAt ? t.paid(day(month.paidAt, lang)) : t.unpaid;
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${t.title} ${escape(month.month)}</title><style>${CSS}</style></head><body>
<h1>${t.title} ${escape(month.month)}</h1>
<div class="meta">
  <div><strong>${t.company}:</strong> ${escape(month.companyName)}</div>
  <div><strong>${t.period}:</strong> ${escape(monthName(month.month, lang))}</div>
  <div><strong>${t.issued}:</strong> ${day(month.createdAt ?? now.toISOString(), lang)}</div>
  <div><strong>${t.status}:</strong> ${escape(status)}</div>
</div>
<table>
  <thead><tr><th>${t.item}</th><th class="num">${t.quantity}</th><th class="num">${t.unit}</th><th class="num">${t.amount}</th></tr></thead>
  <tbody>
    ${row(t.users, month.billableUsers, month.userPrice)}
    ${row(t.vehicles, month.vehicle, month.vehiclePrice)}
    <tr class="total"><td colspan="3">${t.total}</td><td class="num">${price(month.totalAmount)}</td></tr>
  </tbody>
</table>
<h2>${t.counted}</h2>
<p class="list"><strong>${t.users}:</strong> ${list("user")}</p>
<p class="list"><strong>${t.vehicles}:</strong> ${list("vehicle")}</p>
<footer>${t.footer}</footer>
</body></html>`;
}

/**
 * The invoice's file: the PDF and its name. Its own module, so only the invoice's function carries the browser,
 * and that loads it at the first render (STYLE rule 11), not at a cold start that may only answer a 404.
 */
export async function invoicePdf(month: BillingMonthItem, lines: Pick<BillingLineItem, "kind" | "label">[]): Promise<Buffer> {
  const { htmlToPdf } = await import("../pdf/browser");
  return htmlToPdf(invoiceHtml(month, lines));
}
