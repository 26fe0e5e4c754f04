import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The slice of the DOM the wait reads (the e2e code compiles without the DOM library). */
interface AnimatedDocument {
  document: { getAnimations(): { playState: string; effect: { getTiming(): { iterations?: number } } | null }[] };
}

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * axe-core's serious and critical findings on what the page shows now (optionally only inside one element).
 * It waits for running transitions first: a menu still fading in has the contrast of half its opacity, and
 * axe measured that on a fast machine (vehicles.spec's actions menu, `.text-red-700`). A spinner's endless
 * animation does not hold it up.
 */
export async function seriousViolations(page: Page, options: { include?: string } = {}) {
  // a function, not a string: the app's Content Security Policy forbids evaluating strings
  await page.waitForFunction(() => (globalThis as unknown as AnimatedDocument).document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity));
  // @axe-core/playwright is typed against its own copy of playwright-core's Page; the object is the same
  let builder = new AxeBuilder({ page: page as unknown as ConstructorParameters<typeof AxeBuilder>[0]["page"] }).withTags(TAGS);
  if (options.include) builder = builder.include(options.include);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, targets: violation.nodes.map((node) => node.target.join(" ")) }));
}
