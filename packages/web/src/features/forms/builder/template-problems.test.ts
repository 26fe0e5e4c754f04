import { createInstance, type TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { checkTemplate } from "@fleetforms/core/pdf/template";
import { ApiError } from "@/lib/api-client";
import { mergedTranslations } from "../../../../locales-plugin";
import { describeTemplateError } from "./template-problems";

const ts: Record<"en" | "es", TFunction> = {} as never;
beforeAll(async () => {
  for (const lng of ["en", "es"] as const) {
    const i18n = createInstance();
    await i18n.init({ lng, resources: { [lng]: { translation: mergedTranslations(lng) } }, interpolation: { escapeValue: false } });
    ts[lng] = i18n.t;
  }
});

/** The error the server answers for a template it refuses on save (form.template_invalid). */
function refused(source: string) {
  try {
    checkTemplate(source);
  } catch (error) {
    return new ApiError((error as Error).message, 400, "form.template_invalid");
  }
  throw new Error("expected the template to be refused");
}

describe("the template builder's problems", () => {
  it("say a parse error with its line in the interface's language", () => {
    const source = `${"<p>ok</p>\n".repeat(17)}<p>{{answer "x"</p>\n`;
    expect(refused(source).message).toMatch(/Parse error on line 18/);
    expect(describeTemplateError(refused(source), ts.es)).toBe("Línea 18: La plantilla no se puede leer aquí: compruebe que cada etiqueta se abre y se cierra, y que sus llaves son dobles.");
    expect(describeTemplateError(refused(source), ts.en)).toMatch(/^Line 18: The template cannot be read here/);
  });

  it("translate the rules a template breaks", () => {
    expect(describeTemplateError(refused("<p>\n{{{answer \"x\"}}}</p>"), ts.es)).toBe("Línea 2: No se permiten las llaves triples; las respuestas siempre se escapan.");
    expect(describeTemplateError(refused("{{#each}}x{{/each}}"), ts.es)).toBe("Línea 1: «each» necesita exactamente 1 argumento.");
  });

  it("keep other errors' messages", () => {
    expect(describeTemplateError(new ApiError("Form not found", 404, "form.not_found"), ts.es)).toBe("Form not found");
  });
});
