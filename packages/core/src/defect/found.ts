import { localized, type Element, type FormDefinition } from "../form/definition";
import { displayAnswer, type Lang } from "../form/display";
import type { Answer, Values } from "../form/values";

/** A defect an inspection's answers report, as the DVIR prints it in each language. */
export interface FoundDefect {
  field: string;
  label: Record<Lang, string>;
  answer: Record<Lang, string>;
  outOfService: boolean;
}

const LANGS = ["en", "es"] as const;
const answered = (value: unknown): boolean =>
  Array.isArray(value) ? value.some(answered) : typeof value === "string" ? value.trim() !== "" : value !== undefined && value !== null && value !== false;
const answerValues = (value: Answer | undefined): string[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value.map(String) : [String(value)]);

/**
 * The defects of a submission's answers (issue 42): an answer the question's builder settings mark as a defect
 * (`defectIf`, or `outOfServiceIf`, which is a defect that takes the vehicle out of service; the PDF summary's
 * rule, pdf/report.ts), and any answered field named `defect…` (the dashboards' rule, stats `hasDefects`).
 */
export function defectsIn(definition: FormDefinition, values: Values): FoundDefect[] {
  const found: FoundDefect[] = [];
  const walk = (elements: readonly Element[], within: Values, prefix: Record<Lang, string>, topLevel: boolean) => {
    for (const element of elements) {
      if (element.type === "section") {
        walk(element.elements, within, prefix, topLevel);
        continue;
      }
      const value = within[element.name];
      if (value === undefined || value === null) continue;
      const labelOf = (lang: Lang) => `${prefix[lang]}${localized(element.label, lang)}`;
      if (element.type === "group") {
        if (!Array.isArray(value)) continue;
        if (topLevel && /^defect/i.test(element.name) && answered(value)) {
          found.push({ field: element.name, label: { en: labelOf("en"), es: labelOf("es") }, answer: { en: displayAnswer(element, value, "en"), es: displayAnswer(element, value, "es") }, outOfService: false });
        }
        (value as Values[]).forEach((item, i) => walk(element.elements, item, Object.fromEntries(LANGS.map((lang) => [lang, `${labelOf(lang)} ${i + 1} · `])) as Record<Lang, string>, false));
        continue;
      }
      const answers = answerValues(value);
      const flagged = "defectIf" in element || "outOfServiceIf" in element;
      const outOfService = flagged && answers.some((answer) => (element as { outOfServiceIf?: string[] }).outOfServiceIf?.includes(answer));
      const defect = flagged ? outOfService || answers.some((answer) => (element as { defectIf?: string[] }).defectIf?.includes(answer)) : topLevel && /^defect/i.test(element.name) && answered(value);
      if (!defect) continue;
      found.push({
        field: element.name,
        label: { en: labelOf("en"), es: labelOf("es") },
        answer: { en: displayAnswer(element, value, "en"), es: displayAnswer(element, value, "es") },
        outOfService,
      });
    }
  };
  walk(definition.body, values, { en: "", es: "" }, true);
  return found;
}

/**
 * Whether a form is an inspection for the DVIR: it says which answers are defects (a question with `defectIf` or
 * `outOfServiceIf`, or a field named `defect…`). A fuel log or an incident report that picks a vehicle is not one:
 * it neither changes the vehicle's standing nor supersedes its last report.
 */
export function reportsDefects(elements: readonly Element[]): boolean {
  return elements.some((element) =>
    element.type === "section"
      ? reportsDefects(element.elements)
      : "defectIf" in element || "outOfServiceIf" in element || /^defect/i.test(element.name) || (element.type === "group" && reportsDefects(element.elements)),
  );
}
