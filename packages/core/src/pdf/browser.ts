import { AppError } from "../util/errors";
import { Browser, type Page, type PausedRequest } from "./cdp";
import { RENDER_ORIGIN } from "./origin";

/**
 * One Chromium per process, launched on first use and kept warm between
 * renders (DESIGN §2: ~2 s cold, tens of ms warm). A crashed or closed browser
 * is launched again on the next render.
 */
let launching: Promise<Browser> | undefined;
let current: Browser | undefined;

const isLambda = () => Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME);
/** Flags from @sparticuz/chromium we do not want: every request is ours to refuse, so web security stays on. */
const DROPPED_FLAGS = new Set(["--disable-web-security", "--allow-running-insecure-content"]);

async function launch(): Promise<Browser> {
  const { default: chromium } = await import("@sparticuz/chromium");
  const args = chromium.args.filter((flag) => !DROPPED_FLAGS.has(flag) && (isLambda() || flag !== "--single-process"));
  // CDP over pipes rather than a WebSocket: no port to open, and the streams are the child's, so they can be
  // unref'd below. Lambda freezes the process between invocations; the browser stays attached.
  const browser = await Browser.launch({
    executablePath: await chromium.executablePath(),
    args: [...args, "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"],
  });
  // A warm browser must not keep a server or test process alive; it is killed when the process exits (cdp.ts).
  const child = browser.process();
  child.unref();
  for (const stream of child.stdio) (stream as { unref?: () => void } | null)?.unref?.();
  browser.once("disconnected", () => {
    if (launching && current === browser) launching = undefined;
  });
  current = browser;
  return browser;
}

/** The warm browser, launched when needed. */
export async function browser(): Promise<Browser> {
  if (launching) {
    const existing = await launching.catch(() => undefined);
    if (existing?.connected) return existing;
    launching = undefined;
  }
  launching = launch();
  launching.catch(() => (launching = undefined));
  return launching;
}

/** Closes the warm browser (tests, shutdown). */
export async function close() {
  idle.length = 0;
  const existing = launching ? await launching.catch(() => undefined) : undefined;
  launching = undefined;
  current = undefined;
  await existing?.close().catch(() => undefined);
}

/** A concurrency limit per process, so a burst of downloads queues instead of starving the machine. */
const MAX_PAGES = Math.max(2, Number(process.env.FLEETFORMS_PDF_PAGES ?? 4));
let open = 0;
const waiting: (() => void)[] = [];
async function slot(): Promise<() => void> {
  if (open >= MAX_PAGES) await new Promise<void>((resolve) => waiting.push(resolve));
  open++;
  return () => {
    open--;
    waiting.shift()?.();
  };
}

export class RenderTimeoutError extends AppError {
  override name = "RenderTimeoutError";
  constructor() {
    super("pdf.timeout", "The PDF took too long to render. Please try again.", 503);
  }
}

/** The page's own origin: the document and the product's assets are answered from memory under it. */
export { RENDER_ORIGIN };
export const DOCUMENT_URL = `${RENDER_ORIGIN}/document`;

export interface AssetBody {
  contentType: string;
  body: Buffer;
}
export interface RenderOptions {
  /** the product's own asset content, by id; anything it does not answer is refused */
  asset?: (assetId: number) => Promise<AssetBody | undefined>;
  timeoutMs?: number;
  /** Chromium's footer template, printed on every page (`pageNumber` and `totalPages` are filled in by Chromium) */
  footer?: string;
  /** called with every URL the page asked for and whether it was served (tests, logs) */
  onRequest?: (url: string, allowed: boolean) => void;
}

/** A document draws at most this many distinct assets: a template cannot make one render read the whole bucket. */
const MAX_ASSETS = 200;

/** Paths under which the product serves asset content (SPEC §7 Content URLs), on any host. */
const OWN_ASSET_PATH = /^\/(?:api\/)?(?:v2\/)?assets\/(?:token\/)?(?:content\/)?(\d{1,15})(?:\/content)?\/?$/;

export function ownAssetId(url: string): number | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return undefined;
  const match = OWN_ASSET_PATH.exec(parsed.pathname);
  return match ? Number(match[1]) : undefined;
}

const isCrash = (error: unknown) =>
  error instanceof Error && /Target closed|Session closed|Connection closed|Protocol error|browser has disconnected|Navigating frame was detached|crash/i.test(error.message);

/**
 * HTML to an A4 PDF with JavaScript off and every network request refused
 * except `data:` URLs and the product's own asset content, which is answered
 * from `options.asset` without touching the network (DESIGN §5: no SSRF).
 */
export async function htmlToPdf(html: string, options: RenderOptions = {}): Promise<Buffer> {
  const release = await slot();
  try {
    try {
      return await attempt(html, options);
    } catch (error) {
      if (!isCrash(error)) throw error;
      // The browser died under us: one more try on a fresh one.
      await close();
      return await attempt(html, options);
    }
  } finally {
    release();
  }
}

interface Job {
  url: string;
  html: string;
  options: RenderOptions;
  assets: Map<number, Promise<AssetBody | undefined>>;
}
interface PooledPage {
  page: Page;
  owner: Browser;
  uses: number;
  job?: Job;
}

/**
 * Pages are set up once (JavaScript off, no cache, interception on) and kept
 * for the next render: opening a page costs more than drawing most documents.
 * A page serves one render at a time; its request handler answers for that
 * render only, and anything asked between renders is refused.
 */
const idle: PooledPage[] = [];
const MAX_USES = 100;
let jobs = 0;

async function acquire(): Promise<PooledPage> {
  const owner = await browser();
  while (idle.length) {
    const entry = idle.pop()!;
    if (entry.owner === owner && owner.connected && !entry.page.closed) return entry;
    await entry.page.close().catch(() => undefined);
  }
  // scripts off, cache off, every request paused for `answer` (cdp.ts Page.open)
  const page = await owner.newPage({ width: 794, height: 1123 });
  const entry: PooledPage = { page, owner, uses: 0 };
  page.onRequest((request) => void answer(request, entry.job));
  return entry;
}

function giveBack(entry: PooledPage, healthy: boolean) {
  entry.job = undefined;
  entry.uses++;
  if (healthy && entry.uses < MAX_USES && idle.length < MAX_PAGES && entry.owner.connected) idle.push(entry);
  else void entry.page.close().catch(() => undefined);
}

async function attempt(html: string, options: RenderOptions): Promise<Buffer> {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const entry = await acquire();
  let timer: NodeJS.Timeout | undefined;
  let healthy = false;
  try {
    entry.job = { url: `${DOCUMENT_URL}/${++jobs}`, html, options, assets: new Map() };
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RenderTimeoutError()), timeoutMs);
    });
    const pdf = await Promise.race([render(entry.page, entry.job), timeout]);
    healthy = true;
    return pdf;
  } finally {
    clearTimeout(timer);
    giveBack(entry, healthy);
  }
}

/** Loads the job's document (its load event: images and style sheets in) and prints it on A4. */
async function render(page: Page, job: Job): Promise<Buffer> {
  await page.load(job.url);
  const footer = job.options.footer;
  return page.printA4({ margin: { top: 14, bottom: footer ? 18 : 16, left: 12, right: 12 }, footerTemplate: footer });
}

async function answer(request: PausedRequest, job: Job | undefined) {
  const url = request.url;
  try {
    if (!job) return await request.abort("BlockedByClient");
    const { options, assets } = job;
    if (url === job.url && request.isNavigation) {
      options.onRequest?.(url, true);
      return await request.respond({ status: 200, contentType: "text/html; charset=utf-8", body: job.html });
    }
    if (url.startsWith("data:")) {
      options.onRequest?.("data:", true);
      return await request.continue();
    }
    if (request.isNavigation) {
      // A 204 leaves the page as it is; an abort would swap in an error page (meta refresh, links in frames).
      options.onRequest?.(url, false);
      return await request.respond({ status: 204, body: "" });
    }
    const assetId = request.method === "GET" ? ownAssetId(url) : undefined;
    if (assetId !== undefined && options.asset && (assets.has(assetId) || assets.size < MAX_ASSETS)) {
      if (!assets.has(assetId)) assets.set(assetId, options.asset(assetId).catch(() => undefined));
      const asset = await assets.get(assetId);
      options.onRequest?.(url, Boolean(asset));
      if (asset) return await request.respond({ status: 200, contentType: asset.contentType, body: asset.body });
      return await request.respond({ status: 404, contentType: "text/plain", body: "" });
    }
    options.onRequest?.(url, false);
    await request.abort("BlockedByClient");
  } catch {
    // The page went away while we answered (timeout or crash): nothing left to answer.
    await request.abort("Failed").catch(() => undefined);
  }
}
