import { describe, expect, it } from "vitest";
import { checkCategory, emptyCategory } from "./category-form";

describe("the category form's rules (docs/api-documents.md)", () => {
  it("takes a code of 1 to 30 letters, digits, dashes or underscores and a name", () => {
    expect(checkCategory({ ...emptyCategory(), code: "INS_2-b", name: "Insurance" })).toEqual({});
    expect(checkCategory({ ...emptyCategory(), code: "C".repeat(30), name: "x" })).toEqual({});
  });

  it("names each problem by field", () => {
    expect(checkCategory(emptyCategory())).toEqual({ code: "documents.categories.errors.codeInvalid", name: "documents.categories.errors.nameRequired" });
    expect(checkCategory({ ...emptyCategory(), code: "C".repeat(31), name: "x" })).toEqual({ code: "documents.categories.errors.codeInvalid" });
    expect(checkCategory({ ...emptyCategory(), code: "A B", name: "x", description: "d".repeat(501) })).toEqual({ code: "documents.categories.errors.codeInvalid", description: "documents.categories.errors.descriptionTooLong" });
  });
});
