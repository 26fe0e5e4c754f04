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
import { ZipWriter } from "../util/zip-write";
import { ObjectWriter } from "../storage/object-writer";
import { readInRanges } from "../storage/object-reader";
import { eachLimited } from "../util/each-limited";
import { SeatEntity } from "./company.entity";
import { assertProvider, presentWithStatus } from "./operations";
import { mustGet } from "./index";

/*
 * `GET /company/{id}/export` (issue 13): everything a tenant owns as one ZIP, for offboarding or audit,
 * written to the bucket (under the prefix the bucket empties within a day) and handed out as a
 * five-minute link, since a whole tenant does not fit in an API response. The archive streams (issue 38):
 * records are read a page at a time into their JSON files and every file a range at a time, each piece
 * deflated and uploaded in parts as it comes, so the function's memory stays flat whatever the tenant's size.
 */

type Page<T> = { data: T[]; cursor: string | null };
type Query<T> = { go: (options: { cursor: string | null }) => Promise<Page<T>> };

/** Every item of a query, a page at a time. */
async function* each<T>(query: Query<T>): AsyncGenerator<T> {
  let cursor: string | null = null;
  do {
    const page: Page<T> = await query.go({ cursor });
    yield* page.data;
    cursor = page.cursor;
  } while (cursor);
}

const all = async <T>(query: Query<T>) => {
  const items: T[] = [];
  for await (const item of each(query)) items.push(item);
  return items;
};

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** A JSON array written an item at a time, laid out as `JSON.stringify(items, null, 2)` lays it out. */
async function* jsonArray<T>(items: AsyncIterable<T> | Iterable<T>, present: (item: T) => unknown | Promise<unknown> = (item) => item): AsyncGenerator<string> {
  let first = true;
  for await (const item of items) {
    yield `${first ? "[\n" : ",\n"}  ${json(await present(item)).replace(/\n/g, "\n  ")}`;
    first = false;
  }
  yield first ? "[]" : "\n]";
}

/** Items of `source` in groups of `size` (a page's submissions get their amendments together). */
async function* groups<T>(source: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  const group: T[] = [];
  for await (const item of source) {
    group.push(item);
    if (group.length === size) yield group.splice(0);
  }
  if (group.length) yield group;
}

const AMENDMENT_READS = 8;

/** The company's submissions with their answers parsed and their amendments, a page at a time. */
async function* submissionsOf(companyId: string) {
  for await (const page of groups(each(SubmissionEntity.query.byCompany({ companyId })), 100)) {
    const amendments = new Map<number, unknown[]>();
    await eachLimited(page, AMENDMENT_READS, async ({ submissionId }) => void amendments.set(submissionId, await all(AmendmentEntity.query.bySubmission({ companyId, submissionId }))));
    for (const submission of page) yield { ...submission, values: JSON.parse(submission.values) as unknown, amendments: amendments.get(submission.submissionId) };
  }
}

export async function run(actor: Actor, companyId: string) {
  assertProvider(actor);
  const company = await mustGet(companyId);
  const [seats, invitations, forms, usage] = await Promise.all([
    all(SeatEntity.query.byCompany({ companyId })),
    all(InvitationEntity.query.byCompany({ companyId })),
    all(FormEntity.query.byCompany({ companyId })),
    Tenant.usageOf(company),
  ]);
  const [users, templates] = await Promise.all([
    User.manyFromIds(seats.map((seat) => seat.userId)),
    Promise.all(forms.map((form) => TemplateEntity.get({ companyId, formId: form.formId }).go().then(({ data }) => data))),
  ]);
  const roleOf = new Map(seats.map((seat) => [seat.userId, seat]));
  const templateVersionOf = new Map(forms.map((form) => [form.formId, form.templateVersion]));

  const name = `${companyId}-${new Date().toISOString().replace(/[:.]/g, "-")}.zip`;
  const key = Storage.exportKey(companyId, name);
  const writer = new ObjectWriter(key, "application/zip");
  const archive = new ZipWriter((chunk) => writer.write(chunk));
  let bytes: number;
  try {
    await archive.add("company.json", json(presentWithStatus(company)));
    // accounts without their password hashes, with the seat they hold here
    await archive.add("users.json", json(users.map((user) => ({ ...User.present(user), role: roleOf.get(user.userId)?.role, seatStatus: roleOf.get(user.userId)?.status ?? "active", billable: roleOf.get(user.userId)?.isBillable ?? true }))));
    await archive.add("invitations.json", json(invitations.map(({ tokenHash: _secret, ...invitation }) => invitation)));
    await archive.add("forms.json", json(forms.map((form, i) => ({ ...form, template: templates[i] ? { formTemplate: templates[i]!.formTemplate, exampleData: templates[i]!.exampleData } : null }))));
    await archive.add("submissions.json", jsonArray(submissionsOf(companyId)));
    await archive.add("vehicles.json", jsonArray(each(VehicleEntity.query.byCompany({ companyId }))));
    await archive.add("files.json", jsonArray(each(AssetEntity.query.byCompany({ companyId }))));
    await archive.add("activity.json", jsonArray(each(ActivityEntity.query.byCompany({ companyId }))));
    await archive.add("usage.json", json(usage));

    // the files people uploaded, and every PDF already rendered of each submission's current version
    for await (const asset of each(AssetEntity.query.byCompany({ companyId }))) {
      if (asset.validationStatus !== "valid") continue;
      const object = await readInRanges(Storage.assetKey(companyId, asset.assetId));
      if (object) await archive.add(`files/${asset.assetId}-${asset.fileName.replace(/[\\/]/g, "_")}`, object.ranges);
    }
    const missingPdfs: number[] = [];
    for await (const submission of each(SubmissionEntity.query.byCompany({ companyId }))) {
      let found = false;
      for (const lang of ["en", "es"]) {
        const object = await readInRanges(Storage.pdfKey(companyId, `submissions/${submission.submissionId}/v${submission.version}-t${templateVersionOf.get(submission.formId) ?? 0}-${lang}.pdf`));
        if (!object) continue;
        await archive.add(`pdf/submission_${submission.submissionId}-${lang}.pdf`, object.ranges);
        found = true;
      }
      if (!found) missingPdfs.push(submission.submissionId);
    }
    await archive.add(
      "README.txt",
      `Fleetforms export of ${company.name} (${companyId}), ${new Date().toISOString()}, by ${actor.username}.\n\nJSON files hold every record; files/ the uploaded files; pdf/ every PDF rendered so far of each submission's current version.\n${missingPdfs.length ? `Submissions whose PDF was never rendered (download each in Fleetforms to render it): ${missingPdfs.join(", ")}\n` : ""}`,
    );
    await archive.finish();
    bytes = await writer.close();
  } catch (error) {
    await writer.abort();
    throw error;
  }
  const files = archive.count;
  await Activity.record({ companyId, actor, action: "company.exported", subject: { type: "company", id: companyId, name: company.name }, after: { bytes, files } });
  return { url: await Storage.presignGet(key, { contentType: "application/zip", fileName: `fleetforms-${name}`, download: true }), expiresIn: Storage.PRESIGN_SECONDS, bytes, files };
}
