import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createServer, type Plugin, type Rolldown } from "vite";
import react from "@vitejs/plugin-react";
import { FIRST_PAINT_SCRIPT } from "../core/src/web/first-paint-script";
import { languages, mergedTranslations } from "./locales-plugin";

/**
 * The public pages pre-rendered at build time, so their text and prices are on screen before any script runs
 * (issue 19, first load). Each page holds both languages; the first-paint script sets <html lang> and the
 * stylesheet shows that one. Files are named as CloudFront asks for them (stacks/Web.ts): / is index.html,
 * /pricing is pricing.html; app.html is the shell for every other path.
 *
 * A page with `islands` is served static (issue 40): its only scripts are those islands, never the app's bundle:
 * src/islands/main.ts (menu, language toggle, estimator) on every one, and on /login its sign-in form
 * (src/islands/login.ts), which loads the app only once the person is signed in. The contact form (it posts
 * through the API client) and the cookies page's confirmation dialog are the app's: those pages load it, and
 * it draws the same page over the pre-rendered one.
 */
export const PRERENDERED_PAGES: { file: string; paths: string[]; islands: IslandEntry[] | false }[] = [
  { file: "index.html", paths: ["/", "/index"], islands: ["islands"] },
  { file: "services.html", paths: ["/services"], islands: ["islands"] },
  { file: "benefits.html", paths: ["/benefits"], islands: ["islands"] },
  { file: "pricing.html", paths: ["/pricing"], islands: ["islands"] },
  { file: "testimonials.html", paths: ["/testimonials"], islands: ["islands"] },
  { file: "docs/contact.html", paths: ["/docs/contact"], islands: false },
  { file: "privacy.html", paths: ["/privacy"], islands: ["islands"] },
  { file: "terms.html", paths: ["/terms"], islands: ["islands"] },
  { file: "cookies.html", paths: ["/cookies"], islands: false },
  { file: "login.html", paths: ["/login"], islands: ["islands", "login-island"] },
];

/** The entries of the static pages' scripts (vite.config.ts names them in the build's input); main.ts runs first. */
export const ISLANDS_ENTRY = { islands: "src/islands/main.ts", "login-island": "src/islands/login.ts" };
type IslandEntry = keyof typeof ISLANDS_ENTRY;

const FIRST_PAINT_MARK = "<!-- first-paint-script -->";
const ROOT = /<div id="root">[\s\S]*?<\/div>\s*(?=<noscript>)/;

type RenderPage = (pathname: string, lng: string, translations: Record<string, unknown>, controls: "app" | "islands") => Promise<{ html: string; title?: string }>;

const APP_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOADS = /\s*<link rel="modulepreload" crossorigin href="[^"]+">/g;

/** Each islands entry's built file and the chunks it imports, from the bundle (none in the service worker's build). */
function islandsScripts(bundle: Rolldown.OutputBundle): Partial<Record<IslandEntry, string[]>> {
  const scripts: Partial<Record<IslandEntry, string[]>> = {};
  for (const file of Object.values(bundle)) {
    if (file.type === "chunk" && file.isEntry && file.name in ISLANDS_ENTRY) scripts[file.name as IslandEntry] = [file.fileName, ...file.imports].map((name) => `/${name}`);
  }
  return scripts;
}

/** Both languages sit in one page: an id written twice would have the second copy's labels and skip link reach the first copy. */
function assertUniqueIds(file: string, html: string) {
  const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]!);
  const twice = [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
  if (twice.length > 0) throw new Error(`Pre-rendered ${file} has the id ${twice.join(", ")} more than once: use useId() on public pages`);
}

/**
 * The app's shell made into a static page's: its islands' scripts, in order (and their chunks, preloaded), instead
 * of the app's, whose address stays on <html> for the cases the page needs the app (src/islands/main.ts); no
 * "needs JavaScript" notice, as the page reads without any (the sign-in page keeps it: its form needs script).
 */
function staticShell(shell: string, entries: IslandEntry[], islands: Partial<Record<IslandEntry, string[]>>): string {
  const scripts = entries.map((entry) => islands[entry]);
  if (scripts.some((files) => !files)) throw new Error(`The build lacks an islands entry of ${entries.join(", ")}: vite.config.ts must list ISLANDS_ENTRY in its input`);
  const app = shell.match(APP_SCRIPT)?.[1];
  if (!app) throw new Error("index.html's module script is not where the pre-render expects it");
  const files = scripts as string[][];
  const entryFiles = files.map(([entry]) => entry!);
  const chunks = [...new Set(files.flatMap(([, ...imports]) => imports))].filter((chunk) => !entryFiles.includes(chunk));
  return shell
    .replace(MODULE_PRELOADS, "")
    .replace(APP_SCRIPT, [...entryFiles.map((entry) => `\n    <script type="module" crossorigin src="${entry}"></script>`), ...chunks.map((chunk) => `\n    <link rel="modulepreload" crossorigin href="${chunk}">`)].join(""))
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, (notice) => (entries.includes("login-island") ? notice : ""))
    .replace(/<html lang="en"([^>]*)>/, `<html lang="en"$1 data-app-entry="${app}">`);
}

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
  let islands: Partial<Record<IslandEntry, string[]>> = {};
  return {
    name: "fleetforms-prerender",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      ssrBuild = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle) {
      const found = islandsScripts(bundle);
      if (!ssrBuild && Object.keys(found).length > 0) islands = found;
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
            const rendered = await renderPage(page.paths[0]!, lng, translations[lng]!, page.islands ? "islands" : "app");
            titles[lng] = rendered.title;
            // hidden until the stylesheet shows the visitor's language: never both at once, even mid-load
            bodies.push(`<div data-prerender-lang="${lng}" hidden>${rendered.html}</div>`);
          }
          // the first-paint script shows the title of the language it guessed
          const titleAttributes = Object.entries(titles).map(([lng, title]) => (title ? ` data-title-${lng}="${title.replace(/"/g, "&quot;")}"` : "")).join("");
          const html = shell
            .replace(/<html lang="en"/, `<html lang="en" data-prerendered="${page.paths.join(" ")}"${page.islands ? " data-islands=\"\"" : ""}${titleAttributes}`)
            .replace("<title>Fleetforms</title>", `<title>${titles.en ?? "Fleetforms"}</title>`)
            .replace(ROOT, `<div id="root">${bodies.join("")}</div>\n    `);
          assertUniqueIds(page.file, html);
          mkdirSync(path.dirname(path.join(outDir, page.file)), { recursive: true });
          writeFileSync(path.join(outDir, page.file), page.islands ? staticShell(html, page.islands, islands) : html);
        }
      } finally {
        await server.close();
      }
    },
  };
}
