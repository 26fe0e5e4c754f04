import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Issue 19: a confirmation says what is being confirmed. One without a title falls back to the kind's
 * word ("Information", "Warning"), so every confirm() call and every <AlertDialog> that asks (a cancel
 * button) must name a title, and no title may read as one of those words in either language.
 */

const SRC = path.resolve(import.meta.dirname, "../..");
const LOCALES = path.join(SRC, "locales");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "locales" ? [] : sources(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** A call's arguments: from its opening parenthesis to the matching one. */
function call(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return text.slice(open, i + 1);
  }
  return text.slice(open);
}

/** A JSX opening tag: up to the first ">" outside its {expressions} (an arrow's "=>" is inside one). */
function tag(text: string, start: number): string {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}") depth--;
    else if (text[i] === ">" && depth === 0) return text.slice(start, i + 1);
  }
  return text.slice(start);
}

interface Ask {
  where: string;
  code: string;
}

function asks(): Ask[] {
  const found: Ask[] = [];
  for (const file of sources(SRC)) {
    const text = readFileSync(file, "utf8");
    const where = path.relative(SRC, file);
    for (const match of text.matchAll(/\bconfirm\(\s*[{"'`]/g)) {
      const open = text.indexOf("(", match.index);
      found.push({ where: `${where}: confirm`, code: call(text, open) });
    }
    for (const match of text.matchAll(/<AlertDialog\b/g)) {
      const code = tag(text, match.index);
      if (/\bshowCancel\b/.test(code)) found.push({ where: `${where}: <AlertDialog>`, code });
    }
  }
  return found;
}

function translations(lang: string): Record<string, unknown> {
  return Object.assign({}, ...readdirSync(path.join(LOCALES, lang)).filter((name) => name.endsWith(".json")).map((name) => JSON.parse(readFileSync(path.join(LOCALES, lang, name), "utf8"))));
}

const lookup = (tree: Record<string, unknown>, key: string) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

describe("confirmation titles", () => {
  const found = asks();

  it("finds the app's confirmations", () => {
    expect(found.length).toBeGreaterThan(10);
  });

  it("gives every confirmation a title of its own", () => {
    const untitled = found.filter((ask) => !/\btitle\s*[:=]/.test(ask.code)).map((ask) => ask.where);
    expect(untitled).toEqual([]);
  });

  it("never titles one with the kinds' words (Information, Warning…) in either language", () => {
    for (const lang of ["en", "es"]) {
      const tree = translations(lang);
      const kinds = new Set(Object.values(lookup(tree, "common.alerts") as Record<string, string>));
      expect(kinds.has(lang === "en" ? "Information" : "Información")).toBe(true);
      for (const ask of found) {
        for (const key of ask.code.matchAll(/\btitle\s*[:=]\s*\{?\s*t\(\s*["'`]([\w.]+)["'`]/g)) {
          const title = lookup(tree, key[1]!);
          expect(typeof title, `${ask.where}: ${lang}:${key[1]}`).toBe("string");
          expect(kinds.has(title as string), `${ask.where}: ${lang}:${key[1]} is "${title}"`).toBe(false);
        }
        expect(/\btitle\s*[:=]\s*\{?\s*t\(\s*["'`]common\.alerts\./.test(ask.code), ask.where).toBe(false);
      }
    }
  });
});
