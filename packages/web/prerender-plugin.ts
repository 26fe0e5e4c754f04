import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createServer, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { FIRST_PAINT_SCRIPT } from "../core/src/web/first-paint-script";
import { languages, mergedTranslations } from "./locales-plugin";

/**
 * The public pages pre-rendered at build time, so their text and prices are on screen before any script runs
 * (issue 19, first load). Each page holds both languages; the first-paint script sets <html lang> and the
 * stylesheet shows that one. The app then draws the same page over it. Files are named as CloudFront asks
 * for them (stacks/Web.ts): / is index.html, /pricing is pricing.html; app.html is the shell for every other path.
 */
export const PRERENDERED_PAGES: { file: string; paths: string[] }[] = [
  { file: "index.html", paths: ["/", "/index"] },
  { file: "services.html", paths: ["/services"] },
  { file: "benefits.html", paths: ["/benefits"] },
  { file: "pricing.html", paths: ["/pricing"] },
  { file: "testimonials.html", paths: ["/testimonials"] },
  { file: "docs/contact.html", paths: ["/docs/contact"] },
  { file: "privacy.html", paths: ["/privacy"] },
  { file: "terms.html", paths: ["/terms"] },
  { file: "cookies.html", paths: ["/cookies"] },
];

const FIRST_PAINT_MARK = "<!-- first-paint-script -->";
const ROOT = /<div id="root">[\s\S]*?<\/div>\s*(?=<noscript>)/;

type RenderPage = (pathname: string, lng: string, translations: Record<string, unknown>) => Promise<{ html: string; title?: string }>;

/** The inline first-paint script, in every page (dev server too); CSP allows it by hash. */
export function firstPaintPlugin(): Plugin {
  return {
    name: "fleetforms-first-paint",
    transformIndexHtml(html) {
      if (!html.includes(FIRST_PAINT_MARK)) throw new Error(`index.html lost its ${FIRST_PAINT_MARK} mark`);
      return html.replace(FIRST_PAINT_MARK, `<script>${FIRST_PAINT_SCRIPT}</script>`);
    },
  };
}

export function prerenderPlugin(alias: Record<string, string>): Plugin {
  let outDir = "";
  let root = "";
  let ssrBuild = false;
  return {
    name: "fleetforms-prerender",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      ssrBuild = Boolean(config.build.ssr);
    },
    async closeBundle(error?: Error) {
      // also called when the build failed: its own error says why
      if (ssrBuild || error || !existsSync(path.join(outDir, "index.html"))) return;
      const shell = readFileSync(path.join(outDir, "index.html"), "utf8");
      if (!ROOT.test(shell)) throw new Error("index.html's #root is not where the pre-render expects it");
      writeFileSync(path.join(outDir, "app.html"), shell);
      // Vite's module runner loads the pages' source as the browser build does (aliases, JSX), without a second build.
      const server = await createServer({ configFile: false, root, logLevel: "error", appType: "custom", plugins: [react()], resolve: { alias: { ...alias, "use-sync-external-store/shim": path.join(root, "src/prerender/use-sync-external-store-shim.ts") }, dedupe: ["react", "react-dom"] }, server: { middlewareMode: true, hmr: false, ws: false },
        // the packages hoisted to the root node_modules (which holds sst's React 18) go through Vite, so their React is the app's 19
        ssr: { noExternal: ["react-i18next", "swr"] },
        optimizeDeps: { noDiscovery: true, include: [] } });
      try {
        const { renderPage } = (await server.ssrLoadModule("/src/prerender/render-page.tsx")) as { renderPage: RenderPage };
        const translations = Object.fromEntries(languages().map((lng) => [lng, mergedTranslations(lng)]));
        for (const page of PRERENDERED_PAGES) {
          const bodies: string[] = [];
          const titles: Record<string, string | undefined> = {};
          for (const lng of Object.keys(translations).sort()) {
            const rendered = await renderPage(page.paths[0]!, lng, translations[lng]!);
            titles[lng] = rendered.title;
            // hidden until the stylesheet shows the visitor's language: never both at once, even mid-load
            bodies.push(`<div data-prerender-lang="${lng}" hidden>${rendered.html}</div>`);
          }
          // the first-paint script shows the title of the language it guessed
          const titleAttributes = Object.entries(titles).map(([lng, title]) => (title ? ` data-title-${lng}="${title.replace(/"/g, "&quot;")}"` : "")).join("");
          const html = shell
            .replace("<html lang=\"en\">", `<html lang="en" data-prerendered="${page.paths.join(" ")}"${titleAttributes}>`)
            .replace("<title>Fleetforms</title>", `<title>${titles.en ?? "Fleetforms"}</title>`)
            .replace(ROOT, `<div id="root">${bodies.join("")}</div>\n    `);
          mkdirSync(path.dirname(path.join(outDir, page.file)), { recursive: true });
          writeFileSync(path.join(outDir, page.file), html);
        }
      } finally {
        await server.close();
      }
    },
  };
}
