import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { renderApiDocs } from "../scripts/api-docs";

it("docs/api.md lists the route table as it is (npm run docs:api rewrites it)", () => {
  expect(readFileSync("docs/api.md", "utf8")).toBe(renderApiDocs());
});
