import { describe, expect, it } from "vitest";
import { checkNote, NOTE_MAX } from "./mark-paid";
import { FIELD_MESSAGE_KEYS } from "./messages";

const problemKey = (note: string) => {
  const checked = checkNote(note);
  return checked.problem === undefined ? undefined : FIELD_MESSAGE_KEYS.get(checked.problem);
};

describe("the mark-paid note", () => {
  it("is refused blank, in the person's language", () => {
    expect(problemKey("")).toBe("billing.admin.markPaid.noteRequired");
    expect(problemKey("  \n ")).toBe("billing.admin.markPaid.noteRequired");
  });

  it("is refused over 500 characters, in the person's language", () => {
    expect(NOTE_MAX).toBe(500);
    expect(problemKey("x".repeat(501))).toBe("billing.admin.markPaid.noteTooLong");
  });

  it("is sent trimmed, up to 500 characters after trimming", () => {
    expect(checkNote("  Bank transfer 4411 ")).toEqual({ note: "Bank transfer 4411" });
    expect(checkNote(` ${"x".repeat(500)} `)).toEqual({ note: "x".repeat(500) });
  });
});
