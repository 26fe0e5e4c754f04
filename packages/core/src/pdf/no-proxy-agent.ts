/**
 * Stands in for "proxy-agent" in the Lambda build (esbuild `alias`, as no-source-map.ts does for
 * "source-map"). puppeteer-core imports @puppeteer/browsers, whose browser downloader alone reaches for a
 * proxy agent (with a PAC-script interpreter: quickjs, esprima, ast-types, basic-ftp, socks...), about 1.1 MB
 * of each PDF function that a render never runs: the renderer launches the Chromium @sparticuz/chromium
 * unpacks and downloads nothing. Unbundled runs (tests, the local stack) load the real package.
 */
export class ProxyAgent {
  constructor() {
    throw new Error("The PDF renderer downloads no browser: proxy-agent is not bundled");
  }
}
