import type { Plugin, PluginOption } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { pngImage } from "../local/src/png.ts";

/**
 * The installable app (issue 20): the web app manifest, its icons and the service worker that keeps the
 * app's shell, both languages' translations and fonts on the device. The worker (src/sw.ts) is built by
 * Vite with the list of files to precache injected; the app registers it only once someone signs in
 * (app/routes/signed-in-pages.tsx), so the public pages' JavaScript does not grow.
 */
export const THEME_COLOUR = "#0f4c81";
const BRAND: [number, number, number] = [0x0f, 0x4c, 0x81];
const WHITE: [number, number, number] = [0xff, 0xff, 0xff];

/** The favicon's "F" on the brand colour (favicon.svg draws it on a 32-unit grid); `scale` shrinks it for a maskable icon's safe zone. */
export function iconPng(size: number, scale = 1): Buffer {
  const inF = (u: number, v: number) => (u >= 9 && u < 13 && v >= 8 && v < 24) || (u >= 9 && u < 23 && v >= 8 && v < 12) || (u >= 9 && u < 21 && v >= 15 && v < 19);
  return pngImage(size, size, (x, y) => {
    const u = ((x + 0.5) / size - 0.5) / scale * 32 + 16;
    const v = ((y + 0.5) / size - 0.5) / scale * 32 + 16;
    return inF(u, v) ? WHITE : BRAND;
  });
}

export const ICONS = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any", size: 192, scale: 1 },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any", size: 512, scale: 1 },
  { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable", size: 512, scale: 0.7 },
] as const;

/** The icons as build assets (and from the dev server), drawn here rather than kept as binary files. */
function iconsPlugin(): Plugin {
  return {
    name: "fleetforms-icons",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const icon = ICONS.find((candidate) => candidate.src === req.url);
        if (!icon) return next();
        res.setHeader("content-type", "image/png");
        res.end(iconPng(icon.size, icon.scale));
      });
    },
    generateBundle() {
      for (const icon of ICONS) this.emitFile({ type: "asset", fileName: icon.src.slice(1), source: iconPng(icon.size, icon.scale) });
    },
  };
}

export function offlinePlugin(): PluginOption[] {
  return [
    iconsPlugin(),
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src",
      filename: "sw.ts",
      // registered by the signed-in frame (src/lib/service-worker.ts), never by the public pages' entry
      injectRegister: false,
      manifestFilename: "manifest.webmanifest",
      includeManifestIcons: false,
      manifest: {
        id: "/home",
        name: "Fleetforms",
        short_name: "Fleetforms",
        description: "Digital forms for fleets, also without a signal. / Formularios digitales para flotas, también sin señal.",
        lang: "en",
        start_url: "/home",
        scope: "/",
        display: "standalone",
        background_color: "#ffffff",
        theme_color: THEME_COLOUR,
        icons: ICONS.map(({ src, sizes, type, purpose }) => ({ src, sizes, type, purpose })),
      },
      injectManifest: {
        // the shell (app.html, or index.html before the pre-render), every chunk, both languages' translations,
        // fonts and icons; the pre-rendered public pages too, so they open offline once the app is installed
        globPatterns: ["**/*.{html,js,css,json,svg,png,woff,woff2}"],
        // the API reference's renderer (1.7 MB) is for developers online, not for every signed-in person's device
        globIgnores: ["sw.js", "**/node_modules/**", "assets/swagger-ui-*"],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      integration: { closeBundleOrder: "post" },
      devOptions: { enabled: false },
    }),
  ];
}
