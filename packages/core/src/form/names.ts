/**
 * A form's name and description per language (issue 19). Light (types and one pure helper), so the
 * reports, the PDFs and the notices name a form in their language without the forms module's weight.
 */
import type { FormItem } from "./form.entity";
import { inLanguage, type PerLanguage } from "./fields";

/** A form's name in each language; a form saved before names had languages has its one name in both. */
export function namesOf(form: Pick<FormItem, "name" | "names">): PerLanguage {
  return form.names ? { en: form.names.en ?? "", es: form.names.es ?? "" } : { en: form.name, es: form.name };
}

export function descriptionsOf(form: Pick<FormItem, "description" | "descriptions">): PerLanguage {
  return form.descriptions ? { en: form.descriptions.en ?? "", es: form.descriptions.es ?? "" } : { en: form.description, es: form.description };
}

/** The form's name people read in a language: that language's, else the other's. */
export const nameIn = (form: Pick<FormItem, "name" | "names">, lang: string) => inLanguage(namesOf(form), lang);
export const descriptionIn = (form: Pick<FormItem, "description" | "descriptions">, lang: string) => inLanguage(descriptionsOf(form), lang);
