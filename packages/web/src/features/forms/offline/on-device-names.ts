import { textIn } from "@/lib/in-language";
import type { Form } from "../types";

/**
 * The forms kept on the device as a list shows them: each by its name in the interface's language (the
 * other language, then SPEC's single name, when it has none), in that language's alphabetical order.
 */
export function namedIn(forms: readonly Form[], lang: string): { id: number; name: string }[] {
  return forms.map((form) => ({ id: form.id, name: textIn(form.names, form.name, lang) })).sort((a, b) => a.name.localeCompare(b.name, lang));
}
