import { parseCsv } from "@fleetforms/core/util/csv";
import { describe, expect, it } from "vitest";
import { chartCsv, csvFileName } from "./csv";

const chart = {
  columns: [
    { key: "week", label: { en: "Week", es: "Semana" } },
    { key: "formName", label: { en: "Form", es: "Formulario" } },
    { key: "count", label: { en: "Submissions", es: "Envíos" } },
  ],
  rows: [
    { week: "2026-11-16", formId: 7, formName: 'Check, "daily"', count: 3 },
    { week: "2026-11-23", formId: 8, formName: "=HYPERLINK(1)", count: 0 },
    { week: "2026-11-23", formId: 9, formName: "Two\nlines" },
  ],
};

describe("a chart's CSV", () => {
  it("has the column labels in the person's language, then each row's cells in column order", () => {
    expect(chartCsv(chart, "es").split("\r\n")[0]).toBe("\ufeffSemana,Formulario,Envíos");
    expect(parseCsv(chartCsv(chart, "en"))).toEqual([
      ["Week", "Form", "Submissions"],
      ["2026-11-16", 'Check, "daily"', "3"],
      ["2026-11-23", "'=HYPERLINK(1)", "0"],
      ["2026-11-23", "Two\nlines", ""],
    ]);
  });

  it("starts with a byte-order mark (spreadsheets then read UTF-8), quotes what needs quoting and ends each line with CRLF", () => {
    expect(chartCsv(chart, "en")).toBe('\ufeffWeek,Form,Submissions\r\n2026-11-16,"Check, ""daily""",3\r\n2026-11-23,\'=HYPERLINK(1),0\r\n2026-11-23,"Two\nlines",\r\n');
  });

  it("is only the header when there are no rows", () => {
    expect(chartCsv({ columns: chart.columns, rows: [] }, "en")).toBe("\ufeffWeek,Form,Submissions\r\n");
  });

  it("is named after the chart and the period", () => {
    expect(csvFileName("submissions-per-form", { from: "2026-10-27", to: "2026-11-23" })).toBe("submissions-per-form_2026-10-27_2026-11-23.csv");
    expect(csvFileName("../odd name", {})).toBe("odd-name.csv");
  });
});
