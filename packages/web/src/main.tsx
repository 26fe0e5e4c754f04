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

/** Child positions from the pre-rendered copy's wrapper down to the node. */
function pathBelow(copy: Element, node: Element): number[] {
  const path: number[] = [];
  for (let at: Element = node; at !== copy; at = at.parentElement!) path.unshift([...at.parentElement!.children].indexOf(at));
  return path;
}

/** The app draws the same markup as the pre-render, so the same positions below #root find the same control. */
function nodeAt(path: number[]): Element | undefined {
  let node: Element | undefined = container;
  for (const index of path) node = node?.children[index];
  return node;
}

/** Where focus is inside the pre-rendered copy. */
function focusPath(): number[] | undefined {
  const active = document.activeElement;
  const copy = active?.closest("[data-prerender-lang]");
  return active && copy ? pathBelow(copy, active) : undefined;
}

type TextField = HTMLInputElement | HTMLTextAreaElement;
const isTextField = (node: Element | undefined): node is TextField =>
  (node instanceof HTMLInputElement && !["checkbox", "radio", "file", "hidden", "submit", "button"].includes(node.type)) || node instanceof HTMLTextAreaElement;

/** What a visitor typed into the pre-rendered copy's fields before the app was ready (the estimator's numbers). */
function typedValues(): { path: number[]; value: string }[] {
  return [...document.querySelectorAll("[data-prerender-lang]")].flatMap((copy) =>
    [...copy.querySelectorAll("input, textarea")].filter(isTextField).filter((field) => field.value !== field.defaultValue).map((field) => ({ path: pathBelow(copy, field), value: field.value })),
  );
}

/** Types it again into the app's field at the same place, as an input event, so the app's state has it. */
function retype({ path, value }: { path: number[]; value: string }) {
  const field = nodeAt(path);
  if (!isTextField(field) || field.value === value) return;
  // the prototype's setter: React tracks the value it set, and only reports a change made past it
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, "value")?.set?.call(field, value);
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

/** Draws the app over the pre-render in one commit, keeping what the visitor typed and a keyboard user's place. */
function takeOver() {
  const path = focusPath();
  const typed = typedValues();
  flushSync(render);
  for (const entry of typed) retype(entry);
  const focused = path && nodeAt(path);
  if (focused instanceof HTMLElement) focused.focus({ preventScroll: true });
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
