import { estimateCost, formatPrice } from "@/config/pricing";
import { LANGUAGE_STORAGE_KEY, toLanguage, type Language } from "@/lib/i18n-options";
import { writePreference } from "@/lib/preferences";

/**
 * The script of a public page served as a static page (prerender-plugin.ts, issue 40): the few controls that
 * page has, wired without React on the markup the pre-render wrote, so the page never downloads the app. The
 * page holds both languages; the first-paint script has shown the visitor's one (<html lang>). Each control
 * stays disabled in the markup until it is wired here.
 */
const html = document.documentElement;
const copies = () => [...document.querySelectorAll<HTMLElement>("[data-prerender-lang]")];
const copyOf = (lng: Language) => copies().find((copy) => copy.dataset.prerenderLang === lng);

/** Child positions from a language copy down to the node: the other copy has the same control there. */
function pathBelow(copy: Element, node: Element): number[] {
  const path: number[] = [];
  for (let at: Element = node; at !== copy && at.parentElement; at = at.parentElement) path.unshift([...at.parentElement.children].indexOf(at));
  return path;
}

function nodeAt(copy: Element, path: number[]): Element | undefined {
  let node: Element | undefined = copy;
  for (const index of path) node = node?.children[index];
  return node;
}

/** Shows the other language as the app's toggle does: <html lang>, the title, the remembered choice (SPEC §1). */
function showLanguage(lng: Language) {
  const from = copyOf(toLanguage(html.lang));
  const to = copyOf(lng);
  const active = document.activeElement;
  const focusPath = from && active && from.contains(active) ? pathBelow(from, active) : undefined;
  // what the visitor typed (the estimator's numbers, the sign-in form) goes with them
  if (from && to) {
    for (const field of from.querySelectorAll("input")) {
      const twin = nodeAt(to, pathBelow(from, field));
      if (twin instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) twin.checked = field.checked;
      else if (twin instanceof HTMLInputElement && twin.value !== field.value) {
        twin.value = field.value;
        twin.dispatchEvent(new Event("input", { bubbles: true }));
      }
    }
  }
  html.lang = lng;
  document.title = html.getAttribute(`data-title-${lng}`) ?? document.title;
  writePreference(LANGUAGE_STORAGE_KEY, lng);
  // the address's ?lng= comes first when the language is chosen: it must not bring the old one back on reload
  const url = new URL(location.href);
  if (url.searchParams.has("lng")) {
    url.searchParams.set("lng", lng);
    history.replaceState(history.state, "", url);
  }
  const twin = to && focusPath ? nodeAt(to, focusPath) : undefined;
  if (twin instanceof HTMLElement) twin.focus({ preventScroll: true });
}

function wireLanguageToggles() {
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-language-toggle]")) {
    button.addEventListener("click", () => showLanguage(toLanguage(button.dataset.languageToggle)));
    button.disabled = false;
  }
}

/** The header's disclosure on a phone: the button shows and hides the panel; Escape closes it (SPEC §2). */
function wireMenus() {
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-menu-button]")) {
    const panel = document.getElementById(button.getAttribute("aria-controls") ?? "");
    if (!panel) continue;
    const show = (open: boolean) => {
      button.setAttribute("aria-expanded", String(open));
      panel.hidden = !open;
      for (const state of button.querySelectorAll<HTMLElement>("[data-menu-when]")) state.hidden = (state.dataset.menuWhen === "open") !== open;
    };
    button.addEventListener("click", () => show(button.getAttribute("aria-expanded") !== "true"));
    button.closest("header")?.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || panel.hidden) return;
      show(false);
      button.focus();
    });
    button.disabled = false;
  }
}

/** The pricing estimator (features/marketing/components/cost-estimator.tsx) from the same constants billing uses. */
function wireEstimators() {
  for (const form of document.querySelectorAll<HTMLFormElement>("[data-estimator]")) {
    const lng = toLanguage(form.closest<HTMLElement>("[data-prerender-lang]")?.dataset.prerenderLang);
    const value = (name: string) => Number(form.querySelector<HTMLInputElement>(`[data-estimator-field="${name}"]`)?.value ?? 0);
    const update = () => {
      const cost = estimateCost({ vehicles: value("vehicles"), users: value("users") });
      for (const output of form.querySelectorAll<HTMLElement>("[data-estimate]")) output.textContent = formatPrice(output.dataset.estimate === "oneTime" ? cost.oneTime : cost.monthly, lng);
    };
    form.addEventListener("input", update);
    form.addEventListener("submit", (event) => event.preventDefault());
    // numbers typed before this script arrived count
    update();
  }
}

/** The footer's copyright names this year, not the build's. */
function updateYear() {
  const year = String(new Date().getFullYear());
  for (const line of document.querySelectorAll<HTMLElement>("[data-year]")) {
    if (line.dataset.year !== year) line.textContent = line.textContent.replace(line.dataset.year ?? "", year);
    line.dataset.year = year;
  }
}

// Served for an address it was not rendered for (the first-paint script hid its content), or opened with a session's
// tokens in the address (SPEC §4: the app stores them and clears the hash): the app draws that address.
const tokensInHash = /(^#|&)(access_token|refresh_token)=/.test(location.hash);
if ((html.dataset.prerendered === "elsewhere" || tokensInHash) && html.dataset.appEntry) {
  const app = document.createElement("script");
  app.type = "module";
  app.src = html.dataset.appEntry;
  document.body.append(app);
} else {
  // i18next keeps the language it detected (from ?lng= too), so the next page without ?lng= keeps it: so does this page
  writePreference(LANGUAGE_STORAGE_KEY, toLanguage(html.lang));
  wireLanguageToggles();
  wireMenus();
  wireEstimators();
  updateYear();
  // the page answers from here on (bench/lighthouse.ts times it)
  html.dataset.islands = "ready";
}
