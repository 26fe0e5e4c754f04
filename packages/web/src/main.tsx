import { StrictMode } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { App } from "@/app/app";
import { router } from "@/app/router";
import { i18nReady } from "@/lib/i18n";
import "./index.css";

const container = document.getElementById("root")!;
const render = () =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

/** Where focus is inside the pre-rendered copy, as child positions below the copy's wrapper. */
function focusPath(): number[] | undefined {
  const active = document.activeElement;
  const copy = active?.closest("[data-prerender-lang]");
  if (!active || !copy) return undefined;
  const path: number[] = [];
  for (let node: Element = active; node !== copy; node = node.parentElement!) path.unshift([...node.parentElement!.children].indexOf(node));
  return path;
}

/** The app draws the same markup as the pre-render, so the same positions below #root find the same control. */
function restoreFocus(path: number[]) {
  let node: Element | undefined = container;
  for (const index of path) node = node?.children[index];
  if (node instanceof HTMLElement) node.focus({ preventScroll: true });
}

/** Draws the app over the pre-render in one commit, keeping a keyboard user's place. */
function takeOver() {
  const path = focusPath();
  flushSync(render);
  if (path) restoreFocus(path);
}

/** The router has matched the address and loaded its page's code. */
const routerReady = () =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });

// A page pre-rendered at build time (prerender-plugin.ts) stays on screen until the app can draw the same page
// in one go, its code and translations in hand, so no spinner flashes between the two.
const prerendered = document.documentElement.getAttribute("data-prerendered");
if (prerendered && prerendered !== "elsewhere") void Promise.all([i18nReady, routerReady()]).finally(takeOver);
else render();
