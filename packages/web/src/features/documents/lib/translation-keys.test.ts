import { describe, expect, it } from "vitest";
import { mergedTranslations } from "../../../../locales-plugin";
import { SORT_OPTIONS } from "../types";
import { checkCategory } from "./category-form";
import { ERROR_KEYS, FIELD_MESSAGE_KEYS } from "./messages";
import { PROBLEM_KEYS } from "./upload-form";

const trees = { en: mergedTranslations("en"), es: mergedTranslations("es") };
const lookup = (tree: unknown, key: string) => key.split(".").reduce<any>((node, part) => node?.[part], tree);
const resolves = (tree: unknown, key: string) => ["", "_one", "_other"].some((suffix) => typeof lookup(tree, `${key}${suffix}`) === "string");

/** Keys the document screens build from lists, which keys-used.test.ts cannot see. */
describe("document translation keys built from lists", () => {
  const keys = [
    ...SORT_OPTIONS.map((option) => `documents.sort.${option.key}`),
    ...["name", "type", "size", "uploadedBy", "createdAt", "status", "actions"].map((column) => `documents.columns.${column}`),
    ...["documents", "categories"].map((tab) => `documents.tabs.${tab}`),
    ...["uploadFailed", "uploadUrl", "s3Upload", "validation", "status"].map((step) => `documents.upload.errors.${step}`),
    ...Object.values(ERROR_KEYS),
    ...FIELD_MESSAGE_KEYS.values(),
    ...Object.values(PROBLEM_KEYS),
    ...Object.values(checkCategory({ code: "bad code!", name: "n".repeat(101), description: "d".repeat(501), isGlobal: false, offlineAccess: false })),
    "documents.categories.errors.nameRequired",
  ];

  it.each(Object.entries(trees))("are all in %s", (_lng, tree) => {
    expect(keys.filter((key) => !resolves(tree, key))).toEqual([]);
  });
});

describe("SPEC and API messages, in English as written there", () => {
  const messages = {
    "documents.validation.incomplete": "Documents need a selected file, a document name, and a category code and name",
    "documents.errors.notFound": "Document not found",
    "documents.errors.categoryNotFound": "Category not found",
    "documents.upload.errors.uploadUrl": "Failed to get upload URL",
    "documents.upload.errors.s3Upload": "S3 upload failed",
    "documents.upload.errors.validation": "Validation failed",
    "documents.categories.errors.codeImmutable": "A category's code cannot be changed after it is created",
    "documents.categories.errors.globalForbidden": "Only provider administrators can change global categories",
    "documents.categories.errors.inUse_other": "This category is used by {{count}} documents. Move or delete them first.",
  };
  it.each(Object.entries(messages))("%s is %j", (key, text) => {
    expect(lookup(trees.en, key)).toBe(text);
    expect(typeof lookup(trees.es, key)).toBe("string");
  });
});
