import { StrictMode } from "react";
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
if (prerendered && prerendered !== "elsewhere") void Promise.all([i18nReady, routerReady()]).finally(render);
else render();
