import { describe, expect, it } from "vitest";
import { EXPORT_MESSAGES } from "@fleetforms/core/report/schemas";
import { ApiError } from "@/lib/api-client";
import { mergedTranslations } from "../../../../locales-plugin";
import { EXPORT_ERROR_KEYS, EXPORT_MESSAGE_KEYS, exportErrorKeyOf } from "./export-messages";

const trees = { en: mergedTranslations("en"), es: mergedTranslations("es") };
const lookup = (tree: unknown, key: string) => key.split(".").reduce<any>((node, part) => node?.[part], tree);

describe("export messages", () => {
  it.each(Object.entries(trees))("has every key in %s", (_lng, tree) => {
    const keys = [...Object.values(EXPORT_ERROR_KEYS), ...EXPORT_MESSAGE_KEYS.values(), "forms.export.progressRows", "forms.export.progressPdfs", ...["csv", "xlsx", "zip"].map((format) => `forms.export.format.${format}`)];
    expect(keys.filter((key) => typeof lookup(tree, key) !== "string")).toEqual([]);
  });

  it("says the API's English in English", () => {
    expect(lookup(trees.en, "forms.export.errors.empty")).toBe(EXPORT_MESSAGES.empty);
    expect(lookup(trees.en, "forms.export.errors.notFound")).toBe(EXPORT_MESSAGES.notFound);
  });

  it("finds the key of a code, or of the message when there is no code", () => {
    expect(exportErrorKeyOf(new ApiError(EXPORT_MESSAGES.empty, 400, "export.empty"))).toBe("forms.export.errors.empty");
    expect(exportErrorKeyOf(new ApiError(EXPORT_MESSAGES.empty, 400))).toBe("forms.export.errors.empty");
    expect(exportErrorKeyOf(new ApiError("Form not found", 404, "form.not_found"))).toBe("forms.export.errors.formNotFound");
    expect(exportErrorKeyOf(new ApiError("boom", 500))).toBe("common.errors.server");
  });
});
