import { describe, expect, it } from "vitest";
import { amendmentLog, BASE_CSS } from "../src/pdf/layout";
import type { DocumentModel } from "../src/pdf/template";

/* Issue 19: the PDF's change log prints what people see, not stored values. */

const model = (lang: "en" | "es"): DocumentModel =>
  ({
    lang,
    definition: { body: [{ type: "photo", name: "damage", label: { en: "Damage photo", es: "Foto del daño" } }] },
    form: { id: 1, name: "Inspection" },
    company: { name: "Acme" },
    submission: { id: 9, version: 3, status: "sent_back", submittedBy: "Dan", createdAt: "2026-11-20T10:00:00.000Z", updatedAt: "2026-11-21T10:00:00.000Z", updatedBy: "Ana" },
    values: { damage: { type: "asset", id: 8, fileType: "image/jpeg" } },
    assets: new Map([
      [7, { fileName: "mirror-before.jpg", fileType: "image/jpeg" }],
      [8, { fileName: "mirror-after.jpg", fileType: "image/jpeg" }],
    ]),
    amendments: [
      { version: 2, kind: "amend", changedAt: "2026-11-20T11:00:00.000Z", changedBy: "Dan", changes: [{ field: "damage", previousValue: { type: "asset", id: 7, fileType: "image/jpeg" }, currentValue: { type: "asset", id: 8, fileType: "image/jpeg" } }] },
      { version: 3, kind: "send_back", changedAt: "2026-11-21T10:00:00.000Z", changedBy: "Ana", changes: [{ field: "status", previousValue: "pending_approval", currentValue: "sent_back" }] },
    ],
  }) as unknown as DocumentModel;

describe("the amendment log", () => {
  it("names files and translates a review's status, in English and Spanish", () => {
    const en = amendmentLog(model("en"));
    expect(en).toContain("mirror-before.jpg");
    expect(en).toContain("mirror-after.jpg");
    expect(en).not.toMatch(/pending_approval|sent_back|#8|#7/);
    expect(en).toMatch(/<td>Status<\/td>/);
    const es = amendmentLog(model("es"));
    expect(es).toContain("Foto del daño");
    expect(es).not.toMatch(/pending_approval|sent_back|Archivo adjunto #/);
    expect(es).toMatch(/<td>Estado<\/td>/);
  });

  it("keeps headings with what follows them and rows whole across pages", () => {
    expect(BASE_CSS).toMatch(/h1, h2, h3 \{[^}]*break-after: avoid/);
    expect(BASE_CSS).toMatch(/tr, \.ff-image \{[^}]*break-inside: avoid/);
  });
});
