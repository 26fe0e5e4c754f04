import type { Actor } from "@fleetforms/core/auth/claims";
import * as Asset from "@fleetforms/core/asset/index";
import * as Storage from "@fleetforms/core/asset/storage";
import * as Document from "@fleetforms/core/document/index";
import { Category } from "@fleetforms/core/document/index";
import { DocumentEntity } from "@fleetforms/core/document/document.entity";
import { COMPANY_ID } from "./demo-data";

/*
 * The demo's documents (issue 15): two global categories and each company's own, documents in each demo
 * company filed through the same upload steps the browser takes (upload URL, the bytes, validate), one
 * of them expiring soon and linked to a truck, one expired, one restricted. Written once.
 */

const actor = (userId: string, username: string, companyId: string, role: Actor["role"], isProviderAdmin = false): Actor => ({ userId, username, companyId, role, isProviderAdmin });

/** A one-page PDF with a few lines of text (Helvetica), with a correct cross-reference table. */
export function textPdf(lines: string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`).replace(/[^\x20-\x7e]/g, "?");
  const stream = ["BT", "/F1 14 Tf", "72 720 Td", "18 TL", ...lines.map((line) => `(${escape(line)}) '`), "ET"].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.7\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** Files one document the way the browser does: the upload URL's checks, the bytes in storage, validation. */
async function file(who: Actor, fields: Record<string, unknown> & { name: string; category: string }, fileName: string, bytes: Buffer, fileType = "application/pdf") {
  const { asset } = await Asset.uploadUrl(who, { fileName, fileType, size: bytes.length, ...fields });
  await Storage.write(Storage.pendingKey(asset.companyId, asset.assetId), bytes, fileType);
  const { document } = await Asset.validate(who, { id: asset.assetId });
  if (!document) throw new Error(`demo document ${fields.name} was not filed`);
  return document;
}

export async function seedDocuments(now = new Date()) {
  const acme = COMPANY_ID.acme;
  const beta = COMPANY_ID.beta;
  if ((await DocumentEntity.query.byCompany({ companyId: acme }).go({ limit: 1 })).data.length > 0) return;
  const provider = actor("demo-admin", "admin", acme, "admin", true);
  const acmeAdmin = actor("demo-acme-admin", "acme_admin", acme, "orgadmin");
  const betaAdmin = actor("demo-beta-admin", "beta_admin", beta, "orgadmin");
  const day = (days: number) => Document.addDays(Document.today(now), days);

  await Category.seed(provider, { code: "INS", name: "Insurance", description: "Insurance cards and policies", isGlobal: true, offlineAccess: true });
  await Category.seed(provider, { code: "MAN", name: "Manuals", description: "Vehicle and equipment manuals", isGlobal: true, offlineAccess: true });
  await Category.seed(acmeAdmin, { code: "REG", name: "Registrations", description: "Vehicle registrations and permits", offlineAccess: true });
  await Category.seed(acmeAdmin, { code: "HR", name: "Human resources", description: "Pay rates and policies (restricted)" });
  await Category.seed(betaAdmin, { code: "CERT", name: "Inspection certificates", description: "Annual inspection certificates" });

  await file(acmeAdmin, { name: "Truck 101 insurance card", category: "INS", description: "Policy FL-88-2231, Lone Star Mutual", expiresOn: day(12), vehicleId: "acme-truck-101" }, "insurance-truck-101.pdf", textPdf(["Lone Star Mutual - Proof of insurance", "Policy FL-88-2231", "Vehicle: Truck 101", `Valid until ${day(12)}`]));
  await file(acmeAdmin, { name: "Truck 102 registration", category: "REG", description: "Texas DMV registration", expiresOn: day(-3), vehicleId: "acme-truck-102" }, "registration-truck-102.pdf", textPdf(["Texas DMV - Vehicle registration", "Truck 102", `Expired ${day(-3)}`]));
  await file(acmeAdmin, { name: "Van 201 registration", category: "REG", description: "Texas DMV registration", expiresOn: day(200), vehicleId: "acme-van-201" }, "registration-van-201.pdf", textPdf(["Texas DMV - Vehicle registration", "Van 201", `Valid until ${day(200)}`]));
  await file(acmeAdmin, { name: "Pre-trip inspection guide", category: "MAN", description: "What drivers check before every trip" }, "pre-trip-guide.pdf", textPdf(["Pre-trip inspection guide", "1. Tyres and wheels", "2. Lights and reflectors", "3. Brakes and air lines"]));
  await file(acmeAdmin, { name: "Driver pay rates 2026", category: "HR", description: "Restricted to administrators", restricted: true }, "pay-rates-2026.csv", Buffer.from("grade,hourly_usd\nA,31.50\nB,28.75\nC,25.00\n"), "text/csv");

  await file(betaAdmin, { name: "Fleet insurance policy", category: "INS", description: "Beta Transport umbrella policy", expiresOn: day(150) }, "beta-policy.pdf", textPdf(["Beta Transport - Fleet insurance policy", `Valid until ${day(150)}`]));
  await file(betaAdmin, { name: "Annual inspection certificates", category: "CERT", description: "All trucks, this year" }, "inspections.pdf", textPdf(["Annual inspection certificates", "All units passed"]));
}
