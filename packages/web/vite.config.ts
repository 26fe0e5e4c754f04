import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { localesPlugin } from "./locales-plugin.ts";
import { offlinePlugin } from "./pwa-plugin.ts";
import { firstPaintPlugin, ISLANDS_ENTRY, prerenderPlugin } from "./prerender-plugin.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const alias = { "@": path.join(here, "src") };
// every `from "zod/mini"` (the app's and packages/core's schemas, through core/util/zod) gets zod with compiled parsers off (src/lib/zod-jitless.ts)
const zodJitless = { find: /^zod\/mini$/, replacement: path.join(here, "src/lib/zod-jitless.ts") };

export default defineConfig({
  plugins: [react(), tailwindcss(), localesPlugin(), firstPaintPlugin(), prerenderPlugin(alias), ...offlinePlugin()],
  // sst (a root dev dependency) brings React 18 to the root node_modules; the app uses its own React 19.
  resolve: { alias: [...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })), zodJitless], dedupe: ["react", "react-dom"] },
  server: {
    // `npm run dev -w @fleetforms/web` against a running `npm start`
    proxy: { "/api": "http://localhost:3000", "/s3": "http://localhost:3000" },
  },
  build: {
    target: "es2022",
    sourcemap: false,
    // the app (index.html) and the static public pages' script (prerender-plugin.ts)
    rolldownOptions: { input: { index: path.join(here, "index.html"), ...Object.fromEntries(Object.entries(ISLANDS_ENTRY).map(([name, file]) => [name, path.join(here, file)])) } },
  },
});
