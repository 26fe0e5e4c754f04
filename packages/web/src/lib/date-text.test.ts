import { describe, expect, it } from "vitest";
import { dateOrder, formatDateText, parseDateText } from "./date-text";

describe("dates written in the interface's language", () => {
  it("follow the language's order, not the browser's", () => {
    expect(dateOrder("es")).toEqual(["day", "month", "year"]);
    expect(dateOrder("en")).toEqual(["month", "day", "year"]);
    expect(formatDateText("2026-11-04", "es")).toBe("04/11/2026");
    expect(formatDateText("2026-11-04", "en")).toBe("11/04/2026");
    expect(formatDateText("2026-02-30", "es")).toBeUndefined();
  });

  it("read what a person types into the stored ISO date", () => {
    expect(parseDateText("4/11/2026", "es")).toBe("2026-11-04");
    expect(parseDateText("04-11-2026", "es")).toBe("2026-11-04");
    expect(parseDateText("11/4/2026", "en")).toBe("2026-11-04");
    expect(parseDateText("31/02/2026", "es")).toBeUndefined();
    expect(parseDateText("13/31/2026", "en")).toBeUndefined();
    expect(parseDateText("4/11/26", "es")).toBeUndefined();
    expect(parseDateText("", "es")).toBeUndefined();
    expect(parseDateText("2026-03-02", "es")).toBe("2026-03-02");
  });
});
