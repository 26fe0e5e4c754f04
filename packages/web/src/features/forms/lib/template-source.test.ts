import { describe, expect, it } from "vitest";
import { checkTemplate } from "@fleetforms/core/pdf/template";
import { SAMPLE_DEFINITION } from "@fleetforms/core/form/definition";
import { validateValues } from "@fleetforms/core/form/values";
import { exampleValuesFor, joinTemplate, showsNothing, snippetFor, splitTemplate, starterTemplate } from "./template-source";

describe("template source", () => {
  it("keeps HTML and CSS apart and puts them back together", () => {
    const joined = joinTemplate("<h1>{{form.name}}</h1>\n", "h1 { color: red; }");
    expect(joined).toBe("<style>\nh1 { color: red; }\n</style>\n<h1>{{form.name}}</h1>\n");
    expect(splitTemplate(joined)).toEqual({ html: "<h1>{{form.name}}</h1>\n", css: "h1 { color: red; }" });
    expect(splitTemplate("<p>no style</p>")).toEqual({ html: "<p>no style</p>", css: "" });
    expect(joinTemplate("<p>x</p>", "  ")).toBe("<p>x</p>");
  });

  it("makes snippets and a starter the server's template check accepts", () => {
    for (const type of ["text", "photo", "group"]) expect(() => checkTemplate(snippetFor("field", type))).not.toThrow();
    const starter = starterTemplate(SAMPLE_DEFINITION);
    expect(() => checkTemplate(joinTemplate(starter.html, starter.css))).not.toThrow();
    expect(starter.html).toContain('{{answer "driverName"}}');
    expect(starter.html).toContain('{{image "signature" width=220}}');
    expect(starter.html).not.toContain("defectPart");
    expect(() => checkTemplate(starterTemplate({ body: [] }).html)).not.toThrow();
  });

  it("starts as a designed report: header, the form's sections as headings, answers in tables, photos in a grid, the signature with who and when (issue 19)", () => {
    const starter = starterTemplate(SAMPLE_DEFINITION);
    expect(starter.html).toContain("{{company.name}}");
    expect(starter.html).toMatch(/<h2>\{\{t en="[^"]+" es="[^"]+"\}\}<\/h2>/);
    expect(starter.html).toContain('<table class="answers">');
    expect(starter.html).toContain("{{submission.submittedBy}} · {{submission.submittedAt}}");
    expect(starter.css).toMatch(/\.photos img/);
  });

  it("makes example answers from the form's questions that the form itself accepts, so the first preview is not blank", () => {
    for (const lang of ["en", "es"] as const) {
      const values = exampleValuesFor(SAMPLE_DEFINITION, lang);
      expect(values.driverName).toBe(lang === "en" ? "Example: Driver name" : "Ejemplo: Nombre del conductor");
      expect(values.tiresOk).toBe("yes");
      const result = validateValues(SAMPLE_DEFINITION, values);
      // only the pictures are missing: the preview has no files
      const missing = result.ok ? [] : Object.keys(result.errors);
      expect(missing.every((path) => /signature|photo/i.test(path)), missing.join(", ")).toBe(true);
    }
  });

  it("says when a template shows nothing", () => {
    expect(showsNothing("")).toBe(true);
    expect(showsNothing("<div>\n  <p></p>\n</div>")).toBe(true);
    expect(showsNothing("<p>{{answer \"x\"}}</p>")).toBe(false);
    expect(showsNothing(starterTemplate(SAMPLE_DEFINITION).html)).toBe(false);
  });
});
