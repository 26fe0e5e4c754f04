import { describe, expect, it } from "vitest";
import { checkTemplate } from "@fleetforms/core/pdf/template";
import { SAMPLE_DEFINITION } from "@fleetforms/core/form/definition";
import { joinTemplate, snippetFor, splitTemplate, starterTemplate } from "./template-source";

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
    expect(starter.html).toContain('{{image "signature" width=240}}');
    expect(starter.html).not.toContain("defectPart");
    expect(() => checkTemplate(starterTemplate({ body: [] }).html)).not.toThrow();
  });
});
