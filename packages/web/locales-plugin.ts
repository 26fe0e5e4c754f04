import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

export const LOCALES_DIR = path.join(path.dirname(new URL(import.meta.url).pathname), "src/locales");

/**
 * Each area keeps its strings in `src/locales/<lng>/<area>.json`; the browser
 * loads them merged as the default namespace, `/locales/<lng>/translation.json`.
 * Two files defining the same top-level key is an error.
 */
export function mergedTranslations(lng: string): Record<string, unknown> {
  const dir = path.join(LOCALES_DIR, lng);
  const merged: Record<string, unknown> = {};
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".json")).sort()) {
    const content = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Record<string, unknown>;
    for (const [key, value] of Object.entries(content)) {
      if (key in merged) throw new Error(`Translation key "${key}" is defined twice in ${lng} (again in ${file})`);
      merged[key] = value;
    }
  }
  return merged;
}

export const languages = () => readdirSync(LOCALES_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

export function localesPlugin(): Plugin {
  return {
    name: "fleetforms-locales",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const match = req.url?.match(/^\/locales\/(\w+)\/translation\.json/);
        if (!match || !languages().includes(match[1]!)) return next();
        res.setHeader("content-type", "application/json; charset=utf-8");
        res.end(JSON.stringify(mergedTranslations(match[1]!)));
      });
    },
    generateBundle() {
      for (const lng of languages()) {
        this.emitFile({ type: "asset", fileName: `locales/${lng}/translation.json`, source: JSON.stringify(mergedTranslations(lng)) });
      }
    },
  };
}
