export * as CompanyExport from "./export";
import type { Actor } from "../auth/claims";
import * as Activity from "../activity";
import { ActivityEntity } from "../activity";
import { AssetEntity } from "../asset/asset.entity";
import * as Storage from "../asset/storage";
import { FormEntity, TemplateEntity } from "../form/form.entity";
import { InvitationEntity } from "../invitation/invitation.entity";
import { AmendmentEntity, SubmissionEntity } from "../submission/submission.entity";
import * as Tenant from "../tenant";
import * as User from "../user";
import { VehicleEntity } from "../vehicle/vehicle.entity";
import { zip } from "../util/zip";
import { SeatEntity } from "./company.entity";
import { assertProvider, presentWithStatus } from "./operations";
import { mustGet } from "./index";

/*
 * `GET /company/{id}/export` (issue 13): everything a tenant owns as one ZIP, for offboarding or audit,
 * written to the bucket (under the prefix the bucket empties within a day) and handed out as a
 * five-minute link, since a whole tenant does not fit in an API response.
 */

const json = (value: unknown) => JSON.stringify(value, null, 2);
const all = async <T>(query: { go: (options: { pages: "all" }) => Promise<{ data: T[] }> }) => (await query.go({ pages: "all" })).data;

export async function run(actor: Actor, companyId: string) {
  assertProvider(actor);
  const company = await mustGet(companyId);
  const [seats, invitations, forms, vehicles, assets, activity, submissions] = await Promise.all([
    all(SeatEntity.query.byCompany({ companyId })),
    all(InvitationEntity.query.byCompany({ companyId })),
    all(FormEntity.query.byCompany({ companyId })),
    all(VehicleEntity.query.byCompany({ companyId })),
    all(AssetEntity.query.byCompany({ companyId })),
    all(ActivityEntity.query.byCompany({ companyId })),
    all(SubmissionEntity.query.byCompany({ companyId })),
  ]);
  const [users, templates, amendments, usage] = await Promise.all([
    User.manyFromIds(seats.map((seat) => seat.userId)),
    Promise.all(forms.map((form) => TemplateEntity.get({ companyId, formId: form.formId }).go().then(({ data }) => data))),
    Promise.all(submissions.map((submission) => all(AmendmentEntity.query.bySubmission({ companyId, submissionId: submission.submissionId })))),
    Tenant.usageOf(company),
  ]);
  const roleOf = new Map(seats.map((seat) => [seat.userId, seat]));

  const files: { name: string; data: Buffer | string }[] = [
    { name: "company.json", data: json(presentWithStatus(company)) },
    // accounts without their password hashes, with the seat they hold here
    { name: "users.json", data: json(users.map((user) => ({ ...User.present(user), role: roleOf.get(user.userId)?.role, seatStatus: roleOf.get(user.userId)?.status ?? "active", billable: roleOf.get(user.userId)?.isBillable ?? true }))) },
    { name: "invitations.json", data: json(invitations.map(({ tokenHash: _secret, ...invitation }) => invitation)) },
    { name: "forms.json", data: json(forms.map((form, i) => ({ ...form, template: templates[i] ? { formTemplate: templates[i]!.formTemplate, exampleData: templates[i]!.exampleData } : null }))) },
    { name: "submissions.json", data: json(submissions.map((submission, i) => ({ ...submission, values: JSON.parse(submission.values), amendments: amendments[i] }))) },
    { name: "vehicles.json", data: json(vehicles) },
    { name: "files.json", data: json(assets) },
    { name: "activity.json", data: json(activity) },
    { name: "usage.json", data: json(usage) },
  ];
  // the files people uploaded, and every PDF already rendered of each submission's current version
  const missingPdfs: number[] = [];
  for (const asset of assets.filter((item) => item.validationStatus === "valid")) {
    const body = await Storage.read(Storage.assetKey(companyId, asset.assetId));
    if (body) files.push({ name: `files/${asset.assetId}-${asset.fileName.replace(/[\\/]/g, "_")}`, data: body });
  }
  for (const submission of submissions) {
    const form = forms.find((item) => item.formId === submission.formId);
    let found = false;
    for (const lang of ["en", "es"]) {
      const body = await Storage.read(Storage.pdfKey(companyId, `submissions/${submission.submissionId}/v${submission.version}-t${form?.templateVersion ?? 0}-${lang}.pdf`));
      if (body) {
        files.push({ name: `pdf/submission_${submission.submissionId}-${lang}.pdf`, data: body });
        found = true;
      }
    }
    if (!found) missingPdfs.push(submission.submissionId);
  }
  files.push({
    name: "README.txt",
    data: `Fleetforms export of ${company.name} (${companyId}), ${new Date().toISOString()}, by ${actor.username}.\n\nJSON files hold every record; files/ the uploaded files; pdf/ every PDF rendered so far of each submission's current version.\n${missingPdfs.length ? `Submissions whose PDF was never rendered (download each in Fleetforms to render it): ${missingPdfs.join(", ")}\n` : ""}`,
  });

  const archive = zip(files);
  const name = `${companyId}-${new Date().toISOString().replace(/[:.]/g, "-")}.zip`;
  const key = Storage.exportKey(companyId, name);
  await Storage.write(key, archive, "application/zip");
  await Activity.record({ companyId, actor, action: "company.exported", subject: { type: "company", id: companyId, name: company.name }, after: { bytes: archive.length, files: files.length } });
  return { url: await Storage.presignGet(key, { contentType: "application/zip", fileName: `fleetforms-${name}`, download: true }), expiresIn: Storage.PRESIGN_SECONDS, bytes: archive.length, files: files.length };
}
