export * as SubmissionPdf from "./pdf";
import * as Tenant from "../tenant";
import * as z from "../util/zod";
import * as Asset from "../asset/read";
import * as Storage from "../asset/storage";
import { reduceAssets } from "../asset/reference";
import * as Company from "../company";
import type { CompanyItem } from "../company/company.entity";
import * as Form from "../form";
import { type FormItem } from "../form";
import { Id, Lang } from "../form/fields";
import { companyOf, verb } from "../form/verb";
import type { Lang as DocLang } from "../form/display";
import type { Values } from "../form/values";
import { assertRenderable } from "../pdf/limits";
import { type AssetBody, type DocumentModel } from "../pdf";
import { UnprocessableError } from "../util/errors";
import { AmendmentEntity, type SubmissionItem } from "./submission.entity";
import { mustGet, mustRead, valuesOf } from "./read";
import { assetIdsIn, infoOf, languageOf } from "./document";
import { dvirOf, stampOf, type DvirRecord } from "../defect";

/**
 * The renderer (Handlebars, the template workers, Chromium's driver) is loaded at the first render (STYLE rule
 * 11): a PDF kept from before is served without it, and its functions start without compiling it. Built with
 * esbuild's splitting, it is a chunk of its own beside the function's bundle.
 */
const renderer = () => import("../pdf");

/** SPEC §7: the file is downloaded as submission_{id}.pdf. */
export const pdfFileName = (submissionId: number) => `submission_${submissionId}.pdf`;

/** A US number of 10 digits, or 11 with the leading 1, as people write it; anything else as stored. */
const phoneText = (phone: string) => {
  const digits = phone.replace(/\D/g, "");
  const local = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  return local.length === 10 ? `(${local.slice(0, 3)}) ${local.slice(3, 6)}-${local.slice(6)}` : phone;
};

/** The company as its reports show it (issue 19): name, logo, address and contact lines, its own lines, its time zone. */
export function reportCompany(company: CompanyItem | undefined): DocumentModel["company"] {
  if (!company) return { name: "", details: [], timeZone: Company.timeZoneOf(undefined) };
  const place = [[company.city, company.state].filter(Boolean).join(", "), company.zipCode].filter(Boolean).join(" ");
  const contact = [company.companyPhone ? phoneText(company.companyPhone) : "", company.companyEmail, company.companyWebsite?.replace(/^https?:\/\//, "")].filter(Boolean).join(" · ");
  const own = (company.reportDetails ?? "").split("\n").filter(Boolean);
  return {
    name: company.name,
    logoAssetId: company.logoAssetId || undefined,
    details: [company.companyAddress ?? "", place, contact, ...own].filter(Boolean),
    timeZone: Company.timeZoneOf(company),
  };
}

/**
 * The assets a document shows: their names and types, and a loader for the
 * renderer whose reads of the answers' files start at once, while the page is
 * being prepared. Ids the answers do not name (a template's own URL) are read
 * on demand, from this company only.
 */
async function documentAssets(companyId: string, values: Values) {
  const items = await Asset.manyFromIds(companyId, assetIdsIn(values));
  const info = infoOf(items);
  const bodies = new Map<number, Promise<AssetBody | undefined>>();
  for (const [id, asset] of items) if (asset.validationStatus === "valid") bodies.set(id, Asset.bytesOf(asset).catch(() => undefined));
  const loader = (assetId: number) => bodies.get(assetId) ?? Asset.content(companyId, assetId);
  return { info, loader };
}

/** Everything a submission's document is made from. */
async function documentModel(submission: SubmissionItem, form: FormItem, company: CompanyItem | undefined, lang: DocLang, dvir?: DvirRecord): Promise<{ model: DocumentModel; asset: (assetId: number) => Promise<AssetBody | undefined> }> {
  const { companyId } = submission;
  const values = valuesOf(submission);
  const [definition, { data: amendments }, assets] = await Promise.all([
    Form.definitionAt(companyId, form.formId, submission.definitionVersion),
    AmendmentEntity.query.bySubmission({ companyId, submissionId: submission.submissionId }).go({ pages: "all" }),
    documentAssets(companyId, values),
  ]);
  // the change log names files an answer no longer holds: their names are read too (not their bytes)
  const changed = amendments.flatMap((amendment) => (JSON.parse(amendment.changes) as { previousValue: unknown; currentValue: unknown }[]).flatMap((change) => [change.previousValue, change.currentValue]));
  const former = assetIdsIn(Object.fromEntries(changed.map((value, i) => [String(i), value])) as Values).filter((id) => !assets.info.has(id));
  if (former.length) for (const [id, info] of infoOf(await Asset.manyFromIds(companyId, former))) assets.info.set(id, info);
  const model: DocumentModel = {
    lang,
    definition,
    form: { id: form.formId, name: Form.nameIn(form, lang) },
    company: reportCompany(company),
    submission: {
      id: submission.submissionId,
      version: submission.version,
      status: submission.status,
      submittedBy: submission.submittedByName,
      createdAt: submission.createdAt,
      updatedAt: submission.updatedAt,
      updatedBy: submission.updatedByName,
      reviewComment: submission.reviewComment || undefined,
    },
    values,
    assets: assets.info,
    ...(dvir ? { dvir } : {}),
    amendments: amendments.map((amendment) => ({
      version: amendment.version,
      kind: amendment.kind,
      changedAt: amendment.changedAt,
      changedBy: amendment.changedByName || amendment.changedBy,
      changes: JSON.parse(amendment.changes),
    })),
  };
  return { model, asset: assets.loader };
}

/**
 * The document's HTML, the template rendered in a worker within its limits; a
 * template that fails or hits a limit on these answers is the template's fault
 * (422), not the server's.
 */
async function htmlOf(model: DocumentModel, template: string | undefined) {
  const Pdf = await renderer();
  try {
    return await Pdf.renderDocument(model, template);
  } catch (error) {
    if (error instanceof Pdf.TemplateError) throw new UnprocessableError("pdf.template_failed", error.message);
    throw error;
  }
}

/** The HTML of a submission's PDF and how its assets load: the benchmark renders the same page bare. */
export async function renderParts(companyId: string, submissionId: number, lang: DocLang) {
  const { submission, form, template, company, dvir } = await sources(companyId, submissionId);
  const { model, asset } = await documentModel(submission, form, company, lang, dvir);
  return { html: await htmlOf(model, template?.formTemplate), asset, submission, template, footer: (await renderer()).footerTemplate(model) };
}

/** The submission, its form, the form's template, the company and the inspection's DVIR (read side by side: their keys are known). */
async function sources(companyId: string, submissionId: number) {
  const [submission, company, dvir] = await Promise.all([mustGet(companyId, submissionId), Company.fromId(companyId), dvirOf(companyId, submissionId)]);
  const [form, stored] = await Promise.all([Form.mustGet(companyId, submission.formId), Form.templateOf(companyId, submission.formId)]);
  return { submission, form, company, dvir, template: form.templateVersion > 0 ? stored : undefined };
}

/** Raised when what every submission PDF shows changes (issue 19's report layout and footer), so PDFs kept from before are drawn again. */
const LAYOUT_REVISION = 2;

const inFlight = new Map<string, Promise<Buffer>>();

/**
 * A submission's PDF in a language: read from S3 when this version, template
 * revision and language were rendered before; otherwise rendered and kept.
 * An amendment makes a new version, so a new PDF with the amendment log.
 */
export async function pdfFor(companyId: string, submissionId: number, lang: DocLang): Promise<{ body: Buffer; fileName: string; cached: boolean }> {
  const { submission, form, template, company, dvir } = await sources(companyId, submissionId);
  // the company's report settings (logo, lines, time zone) are part of every PDF: an edit of them draws it again
  const key = Storage.pdfKey(companyId, `submissions/${submissionId}/v${submission.version}-t${template?.version ?? 0}-c${company?.version ?? 0}-r${LAYOUT_REVISION}${dvir ? `-d${stampOf(dvir)}` : ""}-${lang}.pdf`);
  const fileName = pdfFileName(submissionId);
  const cached = await Storage.read(key);
  if (cached) return { body: cached, fileName, cached: true };
  let rendering = inFlight.get(key);
  if (!rendering) {
    rendering = (async () => {
      // a render counts against the tenant's daily limit (a cached PDF does not)
      await Tenant.admitPdfRender({ companyId, limits: await Tenant.limitsFor(companyId) });
      const { model, asset } = await documentModel(submission, form, company, lang, dvir);
      const Pdf = await renderer();
      const body = await Pdf.htmlToPdf(await htmlOf(model, template?.formTemplate), { asset, footer: Pdf.footerTemplate(model) });
      await Storage.write(key, body, "application/pdf");
      return body;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, rendering);
  }
  return { body: await rendering, fileName, cached: false };
}

export const DownloadInput = /* @__PURE__ */ z.lazySchema(() => z.object({ id: Id, lang: z.optional(Lang) }));

/** SPEC §7 GET /submissions/download/{id}: in the language asked for, else the caller's. */
export const download = /* @__PURE__ */ verb(DownloadInput, async (actor, input) => {
  const companyId = companyOf(actor);
  await mustRead(actor, input.id);
  return pdfFor(companyId, input.id, await languageOf(actor, input.lang, "en"));
});

/** Sizes are checked by the verb (assertRenderable), so a template or example data past its limit is a 422 that says which. */
export const PreviewTemplateInput = /* @__PURE__ */ z.lazySchema(() => z.object({
  formId: Id,
  template: z.optional(z.string()),
  exampleData: z.optional(z.union([z.string(), z.record(z.string(), z.unknown())])),
  lang: z.optional(Lang),
}));

/**
 * The template builder's live preview: the template (as typed, or as saved)
 * rendered with the example data as the answers, within the render limits
 * (a limit reached is a 422 saying which). Nothing is stored.
 */
export const previewTemplate = /* @__PURE__ */ verb(PreviewTemplateInput, async (actor, input) => {
  const companyId = companyOf(actor);
  const form = await Form.mustGet(companyId, input.formId);
  const saved = input.template === undefined ? await Form.templateOf(companyId, form.formId) : undefined;
  const source = input.template ?? saved?.formTemplate;
  const exampleData = input.exampleData ?? saved?.exampleData;
  assertRenderable({ template: source, exampleData });
  if (source) await (await import("../form/template")).check(source);
  await Tenant.admitPdfRender({ companyId, limits: await Tenant.limitsFor(companyId) });
  const values = reduceAssets(Form.exampleDataOf(exampleData).value) as Values;
  const lang = await languageOf(actor, input.lang, "en");
  const now = new Date().toISOString();
  const [company, example] = await Promise.all([Company.fromId(companyId), documentAssets(companyId, values)]);
  const model: DocumentModel = {
    lang,
    definition: Form.definitionOf(form),
    form: { id: form.formId, name: Form.nameIn(form, lang) },
    company: reportCompany(company),
    submission: { id: "EXAMPLE", version: 1, status: "submitted", submittedBy: actor.username, createdAt: now, updatedAt: now, updatedBy: actor.username },
    values,
    assets: example.info,
    amendments: [],
  };
  const Pdf = await renderer();
  return Pdf.htmlToPdf(await htmlOf(model, source || undefined), { asset: example.loader, footer: Pdf.footerTemplate(model) });
});
