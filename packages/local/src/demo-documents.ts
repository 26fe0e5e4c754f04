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

  // in Spanish, the language of both demo companies' administrators (issue 40: English names inside the Spanish interface)
  await Category.seed(provider, { code: "INS", name: "Seguros", description: "Tarjetas y pólizas de seguro", isGlobal: true, offlineAccess: true });
  await Category.seed(provider, { code: "MAN", name: "Manuales", description: "Manuales de vehículos y equipos", isGlobal: true, offlineAccess: true });
  await Category.seed(acmeAdmin, { code: "REG", name: "Registros vehiculares", description: "Registros y permisos de los vehículos", offlineAccess: true });
  await Category.seed(acmeAdmin, { code: "HR", name: "Recursos humanos", description: "Tarifas de pago y políticas (restringido)" });
  await Category.seed(betaAdmin, { code: "CERT", name: "Certificados de inspección", description: "Certificados de la inspección anual" });

  await file(acmeAdmin, { name: "Tarjeta de seguro del camión 101", category: "INS", description: "Póliza FL-88-2231, Lone Star Mutual", expiresOn: day(12), vehicleId: "acme-truck-101" }, "seguro-camion-101.pdf", textPdf(["Lone Star Mutual - Comprobante de seguro", "Poliza FL-88-2231", "Vehiculo: camion 101", `Vigente hasta ${day(12)}`]));
  await file(acmeAdmin, { name: "Registro del camión 102", category: "REG", description: "Registro del DMV de Texas", expiresOn: day(-3), vehicleId: "acme-truck-102" }, "registro-camion-102.pdf", textPdf(["Texas DMV - Registro vehicular", "Camion 102", `Vencido el ${day(-3)}`]));
  await file(acmeAdmin, { name: "Registro de la camioneta 201", category: "REG", description: "Registro del DMV de Texas", expiresOn: day(200), vehicleId: "acme-van-201" }, "registro-camioneta-201.pdf", textPdf(["Texas DMV - Registro vehicular", "Camioneta 201", `Vigente hasta ${day(200)}`]));
  await file(acmeAdmin, { name: "Guía de inspección antes del viaje", category: "MAN", description: "Lo que el conductor revisa antes de cada viaje" }, "guia-inspeccion.pdf", textPdf(["Guia de inspeccion antes del viaje", "1. Llantas y ruedas", "2. Luces y reflectores", "3. Frenos y lineas de aire"]));
  await file(acmeAdmin, { name: "Tarifas de pago de conductores 2026", category: "HR", description: "Solo para administradores", restricted: true }, "tarifas-2026.csv", Buffer.from("nivel,usd_por_hora\nA,31.50\nB,28.75\nC,25.00\n"), "text/csv");

  await file(betaAdmin, { name: "Póliza de seguro de la flota", category: "INS", description: "Póliza general de Beta Transport", expiresOn: day(150) }, "poliza-beta.pdf", textPdf(["Beta Transport - Poliza de seguro de la flota", `Vigente hasta ${day(150)}`]));
  await file(betaAdmin, { name: "Certificados de inspección anual", category: "CERT", description: "Todas las unidades, este año" }, "inspecciones.pdf", textPdf(["Certificados de inspeccion anual", "Todas las unidades aprobadas"]));
}
