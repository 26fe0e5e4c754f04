import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { newestMtime } from "../src/web-build";

/**
 * What makes the local stack build the web app again (packages/local/src/web-build.ts): a source newer than the
 * build. SST's synthesis rewrites packages/web/src/sst-env.d.ts during `npm test`, after the web build, with the
 * same text: counted, it made Playwright's stack build the app a second time.
 */
describe("the web build's freshness", () => {
  const at = (seconds: number) => new Date(seconds * 1000);
  const tree = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "web-build-"));
    mkdirSync(path.join(dir, "src"));
    mkdirSync(path.join(dir, "dist"));
    for (const file of ["src/main.tsx", "src/sst-env.d.ts", "dist/index.html"]) writeFileSync(path.join(dir, file), "");
    utimesSync(path.join(dir, "src/main.tsx"), at(1_000), at(1_000));
    return dir;
  };

  it("counts a source file, and not a type declaration or the build itself", () => {
    const dir = tree();
    utimesSync(path.join(dir, "src/sst-env.d.ts"), at(5_000), at(5_000));
    utimesSync(path.join(dir, "dist/index.html"), at(9_000), at(9_000));
    expect(newestMtime(dir)).toBe(1_000_000);
    utimesSync(path.join(dir, "src/main.tsx"), at(7_000), at(7_000));
    expect(newestMtime(dir)).toBe(7_000_000);
  });
});
