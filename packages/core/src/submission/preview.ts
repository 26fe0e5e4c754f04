import * as z from "../util/zod";
import * as Asset from "../asset/token";
import { isAssetRef, type AssetRef } from "../asset/reference";
import * as Form from "../form";
import { Id, Lang } from "../form/fields";
import { companyOf, verb } from "../form/verb";
import { localized, type Element, type FormDefinition } from "../form/definition";
import { displayAnswer, type AssetInfo, type Lang as DocLang } from "../form/display";
import type { Values } from "../form/values";
import { mustRead, valuesOf } from "./read";
import { assetInfo, languageOf } from "./document";

type PreviewNode =
  | { kind: "section"; label: string; children: PreviewNode[] }
  | { kind: "group"; name: string; label: string; items: { label: string; children: PreviewNode[] }[] }
  | { kind: "field"; name: string; type: string; label: string; answer: string; assets: { id: number; fileName: string; fileType: string; src: string }[] };

async function previewNodes(companyId: string, body: readonly Element[], values: Values, lang: DocLang, assets: Map<number, AssetInfo>): Promise<PreviewNode[]> {
  const nodes: PreviewNode[] = [];
  for (const element of body) {
    if (element.type === "section") {
      const children = await previewNodes(companyId, element.elements, values, lang, assets);
      if (children.length) nodes.push({ kind: "section", label: localized(element.label, lang), children });
    } else if (element.type === "group") {
      const items = values[element.name];
      if (!Array.isArray(items) || items.length === 0) continue;
      const rendered = [];
      for (const [i, item] of (items as Values[]).entries()) {
        rendered.push({ label: `${localized(element.itemLabel ?? element.label, lang)} ${i + 1}`, children: await previewNodes(companyId, element.elements, item, lang, assets) });
      }
      nodes.push({ kind: "group", name: element.name, label: localized(element.label, lang), items: rendered });
    } else if (values[element.name] !== undefined) {
      const value = values[element.name]!;
      const refs = (Array.isArray(value) ? value : [value]).filter(isAssetRef) as AssetRef[];
      nodes.push({
        kind: "field",
        name: element.name,
        type: element.type,
        label: localized(element.label, lang),
        answer: displayAnswer(element, value, lang, assets),
        assets: await Promise.all(
          refs.map(async (ref) => ({
            id: ref.id,
            fileName: assets.get(ref.id)?.fileName ?? "",
            fileType: assets.get(ref.id)?.fileType ?? ref.fileType,
            src: await Asset.tokenPathFor(companyId, ref.id),
          })),
        ),
      });
    }
  }
  return nodes;
}

/**
 * SPEC §7 GET /submissions/preview/{id}: the answers as the PDF shows them,
 * as a tree the web app draws; pictures carry short-lived token URLs (paths
 * on the API).
 */
export const preview = /* @__PURE__ */ verb(/* @__PURE__ */ z.lazySchema(() => z.object({ id: Id, lang: z.optional(Lang) })), async (actor, input) => {
  const companyId = companyOf(actor);
  const submission = await mustRead(actor, input.id);
  const form = await Form.mustGet(companyId, submission.formId);
  const lang = await languageOf(actor, input.lang, submission.lang);
  const definition: FormDefinition = await Form.definitionAt(companyId, form.formId, submission.definitionVersion);
  const values = valuesOf(submission);
  const assets = await assetInfo(companyId, values);
  return {
    id: submission.submissionId,
    submissionId: submission.submissionId,
    form: { id: form.formId, name: Form.nameIn(form, lang) },
    title: localized(definition.title, lang) || Form.nameIn(form, lang),
    lang,
    status: submission.status,
    version: submission.version,
    submittedBy: submission.submittedByName,
    createdAt: submission.createdAt,
    lastUpdated: submission.updatedAt,
    updatedBy: submission.updatedByName,
    sections: await previewNodes(companyId, definition.body, values, lang, assets),
  };
});
