import { describe, expect, it } from "vitest";
import { NOTE_MAX, noteProblem } from "./mark-paid";

describe("noteProblem", () => {
  it("needs a note", () => {
    expect(noteProblem("")).toBe("billing.admin.markPaid.noteRequired");
    expect(noteProblem("   ")).toBe("billing.admin.markPaid.noteRequired");
  });

  it("takes a note of up to 500 characters", () => {
    expect(noteProblem("Bank transfer 4411")).toBeUndefined();
    expect(noteProblem("x".repeat(NOTE_MAX))).toBeUndefined();
    expect(noteProblem("x".repeat(NOTE_MAX + 1))).toBe("billing.admin.markPaid.noteTooLong");
  });
});
