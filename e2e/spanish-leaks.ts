import type { Page } from "@playwright/test";

/**
 * Issue 40: what a Spanish page must never show. English words from the demo's seed data and the interface
 * (whole words, any case), a raw ISO timestamp, and a snake_case value (an enum such as `pending_approval` or
 * `previous_month` shown as stored). Each word is English only: none is also a Spanish word or a name the demo
 * or the journeys give to something (Acme Logistics, Lone Star Mutual, Ford Transit…).
 */
export const ENGLISH_WORDS = [
  // the demo's seed content
  "Insurance", "Manuals", "Registrations", "Human resources", "Inspection certificates", "Fleet overview", "Compliance", "Vehicle inspection", "Fuel log", "Incident report",
  "insurance card", "registration", "pay rates", "inspection guide",
  // the interface
  "Submit", "Save", "Saving", "Cancel", "Loading", "Server error", "Settings", "Delete", "Edit", "Close", "Search", "Sign in", "Sign out", "Download", "Upload",
  "Submissions", "Submission", "Documents", "Vehicles", "Reports", "Users", "Company", "Companies", "Forms", "Profile", "Billing", "Dashboards",
  "Back", "Next", "Previous", "Yes", "Status", "Approved", "Rejected", "Pending", "Draft", "Inactive", "Paid", "Unpaid", "Invoice",
  "Not run yet", "Fill in", "No Company Selected", "Something went wrong", "Try again", "Please", "Required", "Optional", "Today", "Yesterday",
  "the", "and", "with", "your", "you", "this", "from", "not",
] as const;

/** Usernames are identifiers a person types to sign in, shown as typed: the demo's are snake_case. */
const DEMO_USERNAMES = ["acme_admin", "acme_driver", "acme_viewer", "beta_admin", "multi_user"];

export interface Leak {
  kind: "english" | "timestamp" | "snake_case";
  found: string;
  /** the text it was found in, cut to a line */
  text: string;
}

interface TextNode {
  nodeValue: string | null;
  parentElement: ScannedElement | null;
}
interface ScannedElement {
  closest(selector: string): ScannedElement | null;
  getAttribute(name: string): string | null;
  checkVisibility(options: { visibilityProperty: boolean }): boolean;
}
/** The slice of the DOM the scan reads (the e2e code compiles without the DOM library). */
interface ScannedWindow {
  document: {
    documentElement: { lang: string };
    body: unknown;
    querySelector(selector: string): unknown;
    querySelectorAll(selector: string): Iterable<ScannedElement>;
    createTreeWalker(root: unknown, whatToShow: number): { nextNode(): TextNode | null };
  };
}

/**
 * The leaks on what the page shows now, when its `<html lang>` is Spanish (none on any other page). It reads
 * the visible text (and the placeholders) of the page or of `include`, skipping what a person typed (inputs,
 * textareas), code and pre, anything inside `[data-raw]` (an id or a file name shown on purpose) and anything
 * inside an element whose own `lang` is not Spanish (the language toggle's "English").
 */
export async function spanishLeaks(page: Page, options: { include?: string } = {}): Promise<Leak[]> {
  return page.evaluate(
    ({ words, usernames, include }) => {
      const { document } = globalThis as unknown as ScannedWindow;
      if (!document.documentElement.lang.toLowerCase().startsWith("es")) return [];
      const root = include ? document.querySelector(include) : document.body;
      if (!root) return [];
      const english = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(?![\\p{L}\\p{N}_])`, "giu");
      const timestamp = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/g;
      const snake = /\b[a-z]+(?:_[a-z]+)+\b/g;
      // a placeholder is the page's words; a textarea's text is what was typed
      const skipped = (element: ScannedElement, typed = true) => {
        if (element.closest(`script, style, noscript, template, code, pre, [data-raw], [contenteditable='true']${typed ? ", textarea" : ""}`)) return true;
        const lang = element.closest("[lang]")?.getAttribute("lang") ?? "es";
        return !lang.toLowerCase().startsWith("es") || !element.checkVisibility({ visibilityProperty: true });
      };
      const leaks: { kind: "english" | "timestamp" | "snake_case"; found: string; text: string }[] = [];
      // what the suite's journeys typed carries their unique token (letters and digits, 8 or more: e2e/auth-support.ts
      // uniqueName, forms-helpers unique, documents-helpers uniqueCode), and a file shows its own name: neither
      // is the product's words, and a journey in the other language may have made it in the same company
      const typedByTheSuite = /(?<![\p{L}\p{N}])(?=[\p{L}\p{N}]*\p{N})(?=[\p{L}\p{N}]*\p{L})[\p{L}\p{N}]{8,}(?![\p{L}\p{N}])/u;
      const fileName = /^[\w.-]+\.(?:pdf|png|jpe?g|gif|webp|xlsx|csv|docx?|txt|zip)$/i;
      const scan = (text: string) => {
        const line = text.replace(/\s+/g, " ").trim().slice(0, 160);
        if (typedByTheSuite.test(line) || fileName.test(line)) return;
        for (const match of text.matchAll(english)) leaks.push({ kind: "english", found: match[0], text: line });
        for (const match of text.matchAll(timestamp)) leaks.push({ kind: "timestamp", found: match[0], text: line });
        for (const match of text.matchAll(snake)) if (!usernames.includes(match[0])) leaks.push({ kind: "snake_case", found: match[0], text: line });
      };
      // 4: NodeFilter.SHOW_TEXT
      const walker = document.createTreeWalker(root, 4);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.nodeValue?.trim() && node.parentElement && !skipped(node.parentElement)) scan(node.nodeValue);
      }
      for (const element of document.querySelectorAll("[placeholder]")) {
        if (!skipped(element, false)) scan(element.getAttribute("placeholder") ?? "");
      }
      return leaks;
    },
    { words: [...ENGLISH_WORDS], usernames: DEMO_USERNAMES, include: options.include },
  );
}
