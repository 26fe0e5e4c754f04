import { describe, expect, it } from "vitest";
import type { Category, CompanyDocument } from "../types";
import { groupByCategory } from "./group";

const category = (id: number, code: string, name: string): Category => ({ id, code, name, description: "", isGlobal: false, offlineAccess: false, documentCount: 0, version: 1 });
const doc = (id: number, code: string): CompanyDocument =>
  ({ id, assetId: id, kind: "document", name: `Doc ${id}`, category: code, fileName: `${id}.pdf`, fileType: "application/pdf", size: 1 }) as CompanyDocument;

describe("groupByCategory", () => {
  const categories = [category(1, "INS", "Insurance"), category(2, "REG", "Registration"), category(3, "MAN", "Manuals")];

  it("makes one section per category, sections by category name, documents in the server's order", () => {
    const groups = groupByCategory([doc(1, "REG"), doc(2, "INS"), doc(3, "REG"), doc(4, "MAN"), doc(5, "INS")], categories);
    expect(groups.map((group) => [group.name, group.documents.map((d) => d.id)])).toEqual([
      ["Insurance", [2, 5]],
      ["Manuals", [4]],
      ["Registration", [1, 3]],
    ]);
  });

  it("matches codes case-insensitively, as the API does", () => {
    const groups = groupByCategory([doc(1, "ins"), doc(2, "INS")], categories);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ code: "INS", name: "Insurance" });
    expect(groups[0]!.documents.map((d) => d.id)).toEqual([1, 2]);
  });

  it("names a section by its code when the category list does not have it (yet)", () => {
    const groups = groupByCategory([doc(1, "PERMIT"), doc(2, "INS")], categories);
    expect(groups.map((group) => group.name)).toEqual(["Insurance", "PERMIT"]);
    expect(groups[1]!.category).toBeUndefined();
  });

  it("sorts names in the person's language and leaves no empty sections", () => {
    const spanish = [category(1, "A", "Seguros"), category(2, "B", "Ámbito"), category(3, "C", "Zona")];
    expect(groupByCategory([doc(1, "A"), doc(2, "C"), doc(3, "B")], spanish, "es").map((group) => group.name)).toEqual(["Ámbito", "Seguros", "Zona"]);
    expect(groupByCategory([], categories)).toEqual([]);
  });
});
