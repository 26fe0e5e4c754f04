import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { spanishLeaks } from "./spanish-leaks";

/** The slice of the DOM the wait reads (the e2e code compiles without the DOM library). */
interface AnimatedDocument {
  document: { getAnimations(): { playState: string; effect: { getTiming(): { iterations?: number } } | null }[] };
}

/** What the page's copy of axe-core is asked and answers (`axe.run` with the v1 reporter). */
interface AxeWindow {
  axe?: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> };
  document: unknown;
}
interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** axe-core as @axe-core/playwright ships it (its own dependency, the same version it injects). */
const AXE_SOURCE = readFileSync(createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright")).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core's serious and critical findings on what the page shows now (optionally only inside one element).
 * It waits for running transitions first: a menu still fading in has the contrast of half its opacity, and
 * axe measured that on a fast machine (vehicles.spec's actions menu, `.text-red-700`). A spinner's endless
 * animation does not hold it up.
 *
 * A page without frames is checked by one `axe.run` in the page, with axe-core injected once per document (an
 * in-app navigation keeps it) and only violations reported in full: the same rules and findings as AxeBuilder's
 * `analyze`, in a fifth of the time (AxeBuilder injects its ~570 KB again and runs per frame on every call, ~2 s
 * a check on two cores). A page with frames goes through AxeBuilder, which checks inside each frame.
 *
 * On a Spanish page (`<html lang="es…">`) it also reports, as `spanish-leak` findings, every English word,
 * raw ISO timestamp or snake_case value the page shows (e2e/spanish-leaks.ts, issue 40): every screen the suite
 * checks for accessibility in Spanish is checked for leaks too.
 */
export async function seriousViolations(page: Page, options: { include?: string } = {}) {
  // a function, not a string: the app's Content Security Policy forbids evaluating strings
  await page.waitForFunction(() => (globalThis as unknown as AnimatedDocument).document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity));
  const violations = page.frames().length > 1 ? await throughBuilder(page, options) : await inPage(page, options);
  const leaks = await spanishLeaks(page, options);
  return [
    ...violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, targets: violation.nodes.map((node) => node.target.join(" ")) })),
    ...leaks.map((leak) => ({ id: "spanish-leak", impact: "serious", help: `${leak.kind} "${leak.found}" on a Spanish page`, targets: [leak.text] })),
  ];
}

async function inPage(page: Page, options: { include?: string }): Promise<Violation[]> {
  // evaluated over the DevTools protocol, which the page's Content Security Policy does not govern (AxeBuilder injects the same way)
  if (!(await page.evaluate(() => (globalThis as unknown as AxeWindow).axe !== undefined))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    ({ tags, include }) => {
      const window = globalThis as unknown as AxeWindow;
      return window.axe!.run(include ? { include: [include] } : window.document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] }).then((results) =>
        results.violations.map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, nodes: violation.nodes.map((node) => ({ target: node.target })) })),
      );
    },
    { tags: TAGS, include: options.include },
  );
}

async function throughBuilder(page: Page, options: { include?: string }): Promise<Violation[]> {
  // @axe-core/playwright is typed against its own copy of playwright-core's Page; the object is the same
  let builder = new AxeBuilder({ page: page as unknown as ConstructorParameters<typeof AxeBuilder>[0]["page"] }).withTags(TAGS);
  if (options.include) builder = builder.include(options.include);
  return (await builder.analyze()).violations;
}
