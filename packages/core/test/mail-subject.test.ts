import { describe, expect, it } from "vitest";
import { subjectLine, SUBJECT_MAX } from "../src/messaging/mailer";

/* Issue 36 finding 6: the one place every mail's subject passes (messaging/mailer.ts `send`). */
describe("subjectLine", () => {
  it("turns CR, LF and every other control or line separator into one space", () => {
    expect(subjectLine("Inquiry from Eve\r\nBcc: victim@example.com")).toBe("Inquiry from Eve Bcc: victim@example.com");
    expect(subjectLine("a\u0000b\tc\u007fd\u0085e\u2028f\u2029g\u202eh")).toBe("a b c d e f g h");
    expect(subjectLine("  Report:\n\n  weekly  ")).toBe("Report: weekly");
  });

  it("keeps letters of every language and cuts a long subject", () => {
    expect(subjectLine("Informe: Inspecciones semanales – año 2026")).toBe("Informe: Inspecciones semanales – año 2026");
    const cut = subjectLine("x".repeat(SUBJECT_MAX + 50));
    expect([...cut]).toHaveLength(SUBJECT_MAX);
    expect(cut.endsWith("…")).toBe(true);
  });
});
