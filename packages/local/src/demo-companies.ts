import type { Actor } from "@fleetforms/core/auth/claims";
import * as Asset from "@fleetforms/core/asset/index";
import * as Company from "@fleetforms/core/company/index";
import * as Companies from "@fleetforms/core/company/operations";
import { COMPANY_ID, type CompanyKey } from "./demo-data";
import { pngImage } from "./png";

/** A flat logo: a coloured disc with a white bar, on white. */
const logo = (hue: [number, number, number]) =>
  pngImage(120, 120, (x, y) => {
    const inside = (x - 60) ** 2 + (y - 60) ** 2 < 52 ** 2;
    return inside ? (Math.abs(y - 60) < 9 && x > 26 && x < 94 ? [255, 255, 255] : hue) : [255, 255, 255];
  });

/** The report settings of the demo companies (issue 19): time zone, the lines under the name, a logo. */
const SETTINGS: Record<CompanyKey, { timeZone: string; reportDetails: string; hue: [number, number, number]; admin: [string, string] }> = {
  acme: { timeZone: "America/Chicago", reportDetails: "USDOT 1234567 · MC 765432", hue: [29, 78, 216], admin: ["demo-acme-admin", "acme_admin"] },
  beta: { timeZone: "America/Mexico_City", reportDetails: "USDOT 7654321\nPermiso SCT 09/BT-2211", hue: [4, 120, 87], admin: ["demo-beta-admin", "beta_admin"] },
};

/** Gives each demo company its settings once (a company that has a logo is left alone). */
export async function seedCompanySettings() {
  for (const [key, settings] of Object.entries(SETTINGS) as [CompanyKey, (typeof SETTINGS)[CompanyKey]][]) {
    const companyId = COMPANY_ID[key];
    const company = await Company.fromId(companyId);
    if (!company || company.logoAssetId) continue;
    const actor: Actor = { userId: settings.admin[0], username: settings.admin[1], companyId, role: "orgadmin", isProviderAdmin: false };
    const asset = await Asset.upload(actor, { fileName: `${companyId}-logo.png`, fileType: "image/png", content: logo(settings.hue) });
    await Companies.edit(actor, companyId, { timeZone: settings.timeZone, reportDetails: settings.reportDetails, logoAssetId: asset.assetId, version: company.version });
  }
}
