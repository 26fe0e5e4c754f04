import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";

/** How long a page may take to draw its heading (its data loads first) before focus is left alone. */
const WAIT_FOR_HEADING_MS = 5000;

function focusHeading(heading: HTMLElement) {
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.classList.add("focus:outline-none");
  heading.focus({ preventScroll: true });
}

/**
 * After moving to another page inside the app, focus goes to the new page's heading (h1), so a screen
 * reader reads where the person is and the keyboard starts from the top of the content. Changes of the
 * query alone (filters, search boxes) keep focus where it is; so does anything the person focused meanwhile.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const focusedBefore = document.activeElement;
    const untouched = () => {
      const now = document.activeElement;
      return !now || now === document.body || now === focusedBefore || !now.isConnected;
    };
    const find = () => document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("h1");
    const attempt = () => {
      const heading = find();
      if (!heading) return false;
      if (untouched()) focusHeading(heading);
      return true;
    };
    // the old page's heading may still be on screen for a frame, so the search starts after the render
    let observer: MutationObserver | undefined;
    const frame = requestAnimationFrame(() => {
      if (attempt()) return;
      observer = new MutationObserver(() => {
        if (attempt()) observer?.disconnect();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    const timeout = window.setTimeout(() => observer?.disconnect(), WAIT_FOR_HEADING_MS);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timeout);
      observer?.disconnect();
    };
  }, [pathname]);

  return null;
}
