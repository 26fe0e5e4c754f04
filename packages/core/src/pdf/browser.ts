import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, HTTPRequest, Page } from "puppeteer-core";
import { AppError } from "../util/errors";
import { RENDER_ORIGIN } from "./origin";

/**
 * PDFs through puppeteer-core driving @sparticuz/chromium (DESIGN §1). One
 * Chromium per process, launched on first use and kept warm between renders
 * (DESIGN §2: ~2 s cold, tens of ms warm). A browser that crashed, hung or
 * timed out is closed, and the next render launches another.
 *
 * Every render has one time limit, launch included. puppeteer's own timeouts
 * (launch `timeout`, `protocolTimeout`, the page's default timeout, `pdf`'s)
 * end each step that would otherwise wait for a Chromium that no longer
 * answers; the limit itself is raced, so a render answers by then whatever
 * step it is in.
 */
export const RENDER_TIMEOUT_MS = 20_000;
/**
 * A launch answers in ~2 s cold (DESIGN §2); one that has not by this time is killed. It is the launch's own
 * limit, not its first caller's: a render with little time left that starts a launch gives up at its own
 * limit and leaves the launch to the renders after it.
 */
const LAUNCH_TIMEOUT_MS = 10_000;

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

interface Warm {
  browser: Browser;
  /** the browser's own profile in /tmp, removed when its process exits */
  profile: string;
  /** renders using it now: a browser retired after a failure is closed when the last one ends */
  renders: number;
  retired: boolean;
}

const isLambda = () => Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME);
/** Flags from @sparticuz/chromium we do not want: every request is ours to refuse, so web security stays on. */
const DROPPED_FLAGS = new Set(["--disable-web-security", "--allow-running-insecure-content"]);
/** A4 at 96 dpi: what the document is laid out in before it is printed. */
const VIEWPORT = { width: 794, height: 1123 };

async function launch(): Promise<Warm> {
  const [{ default: chromium }, { default: puppeteer }] = await Promise.all([import("@sparticuz/chromium"), import("puppeteer-core")]);
  const args = chromium.args.filter((flag) => !DROPPED_FLAGS.has(flag) && (isLambda() || flag !== "--single-process"));
  const profile = mkdtempSync(path.join(tmpdir(), "fleetforms-chromium-"));
  // A launch that does not finish in time is abandoned: the signal kills the process puppeteer started.
  const abandon = new AbortController();
  const timer = setTimeout(() => abandon.abort(new RenderTimeoutError()), LAUNCH_TIMEOUT_MS);
  try {
    const browser = await puppeteer.launch({
      executablePath: await chromium.executablePath(),
      args: [...args, "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"],
      headless: "shell",
      // the protocol over pipes rather than a WebSocket: no port to open, and the streams can be unref'd below
      pipe: true,
      userDataDir: profile,
      defaultViewport: VIEWPORT,
      timeout: LAUNCH_TIMEOUT_MS,
      protocolTimeout: RENDER_TIMEOUT_MS,
      signal: abandon.signal,
      // a server's own signal handling stays its own; the browser is killed when the process exits either way
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    // A warm browser must not keep a server or test process alive.
    const child = browser.process()!;
    child.unref();
    for (const stream of child.stdio) (stream as { unref?: () => void } | null)?.unref?.();
    child.once("exit", () => removeProfile(profile));
    return { browser, profile, renders: 0, retired: false };
  } catch (error) {
    removeProfile(profile);
    throw abandon.signal.aborted ? new RenderTimeoutError() : error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Chromium's helpers can still be writing their cache for a moment after the browser process is gone (a
 * crash, a kill), so the profile may not be empty at the first try: retry, and never let a leftover in /tmp
 * become an error of a render.
 */
function removeProfile(profile: string) {
  rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }).catch(() => undefined);
}

/** The launch of the browser renders use now, and that browser once it answered. */
let launching: Promise<Warm> | undefined;
let current: Warm | undefined;

/** The warm browser, launched when there is none or it failed. */
async function warm(): Promise<Warm> {
  if (current && !current.retired && current.browser.connected) return current;
  if (current) retire(current);
  if (!launching) {
    const started = launch().then((entry) => {
      entry.browser.once("disconnected", () => retire(entry));
      if (launching === started) current = entry;
      else retire(entry);
      return entry;
    });
    started.catch(() => launching === started && (launching = undefined));
    launching = started;
  }
  return launching;
}

/** The warm browser, launched when needed (tests). */
export async function browser(): Promise<Browser> {
  return (await warm()).browser;
}

/** Stops handing a browser out; it is killed as soon as no render uses it. */
function retire(entry: Warm) {
  entry.retired = true;
  if (current === entry) {
    current = undefined;
    launching = undefined;
  }
  if (entry.renders === 0) kill(entry);
}

/**
 * Kills a browser and every process it started (puppeteer starts it as the leader of a process group): a
 * browser that failed may not answer `Browser.close`, and a stopped one cannot.
 */
function kill(entry: Warm) {
  for (const page of idle.splice(0)) if (page.owner !== entry) idle.push(page);
  const child = entry.browser.process();
  if (child?.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    child.kill("SIGKILL");
  }
}

/** Closes the warm browser (tests, shutdown). */
export async function close() {
  const pending = launching;
  launching = undefined;
  current = undefined;
  idle.length = 0;
  const entry = await pending?.catch(() => undefined);
  if (!entry) return;
  entry.retired = true;
  const child = entry.browser.process();
  const exited = child && child.exitCode === null && child.signalCode === null ? new Promise((resolve) => child.once("exit", resolve)) : undefined;
  await Promise.race([entry.browser.close().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
  kill(entry);
  await exited;
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

/** Chromium did not start (it hung, or exited): the launch's own error is its cause. */
class LaunchError extends Error {
  override name = "LaunchError";
  constructor(cause: unknown) {
    super("Chromium did not start", { cause });
  }
}
const launchTimedOut = (error: unknown) => error instanceof LaunchError && isTimeout(error.cause);

/** The browser or the page went away under a render (puppeteer's TargetCloseError, ConnectionClosedError...). */
const isCrash = (error: unknown) =>
  error instanceof Error &&
  (error.name === "TargetCloseError" || /Target closed|Session closed|Connection closed|Protocol error|browser has disconnected|frame was detached|detached Frame|crash/i.test(error.message));
/** A step puppeteer gave up waiting for: its own TimeoutError, or a protocol call past `protocolTimeout`. */
const isTimeout = (error: unknown) => error instanceof RenderTimeoutError || (error instanceof Error && (error.name === "TimeoutError" || /timed out/i.test(error.message)));

/**
 * HTML to an A4 PDF with JavaScript off and every network request refused
 * except `data:` URLs and the product's own asset content, which is answered
 * from `options.asset` without touching the network (DESIGN §5: no SSRF).
 * Within `options.timeoutMs` (launch included) it is a PDF or a
 * RenderTimeoutError, which the API answers as a server error.
 */
export async function htmlToPdf(html: string, options: RenderOptions = {}): Promise<Buffer> {
  const release = await slot();
  const deadline = Date.now() + (options.timeoutMs ?? RENDER_TIMEOUT_MS);
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RenderTimeoutError()), deadline - Date.now());
  });
  try {
    const tries = async () => {
      try {
        return await attempt(html, options, deadline);
      } catch (error) {
        if (!(isCrash(error) || error instanceof LaunchError) || Date.now() >= deadline) throw error;
        // The browser died under us, or the launch this render waited for failed: one more try on a fresh one.
        return await attempt(html, options, deadline);
      }
    };
    return await Promise.race([tries(), limit]);
  } catch (error) {
    throw isTimeout(error) || launchTimedOut(error) ? new RenderTimeoutError() : error;
  } finally {
    clearTimeout(timer);
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
  owner: Warm;
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

async function acquire(owner: Warm): Promise<PooledPage> {
  while (idle.length) {
    const entry = idle.pop()!;
    if (entry.owner === owner && owner.browser.connected && !entry.page.isClosed()) return entry;
    void entry.page.close().catch(() => undefined);
  }
  const page = await owner.browser.newPage();
  const entry: PooledPage = { page, owner, uses: 0 };
  page.on("request", (request) => void answer(request, entry.job));
  await Promise.all([page.setJavaScriptEnabled(false), page.setCacheEnabled(false), page.setRequestInterception(true)]);
  return entry;
}

function giveBack(entry: PooledPage, healthy: boolean) {
  entry.job = undefined;
  entry.uses++;
  const { owner } = entry;
  if (healthy && !owner.retired && entry.uses < MAX_USES && idle.length < MAX_PAGES && owner.browser.connected) idle.push(entry);
  else void entry.page.close().catch(() => undefined);
}

async function attempt(html: string, options: RenderOptions, deadline: number): Promise<Buffer> {
  const remaining = () => Math.max(1, deadline - Date.now());
  const owner = await warm().catch((error: unknown) => {
    throw new LaunchError(error);
  });
  owner.renders++;
  let entry: PooledPage | undefined;
  let healthy = false;
  try {
    entry = await acquire(owner);
    entry.job = { url: `${DOCUMENT_URL}/${++jobs}`, html, options, assets: new Map() };
    entry.page.setDefaultTimeout(remaining());
    // its load event: images and style sheets in
    await entry.page.goto(entry.job.url, { waitUntil: "load", timeout: remaining() });
    const footer = options.footer;
    const pdf = await entry.page.pdf({
      format: "A4",
      printBackground: true,
      tagged: true,
      margin: { top: "14mm", bottom: footer ? "18mm" : "16mm", left: "12mm", right: "12mm" },
      ...(footer ? { displayHeaderFooter: true, headerTemplate: "<span></span>", footerTemplate: footer } : {}),
      timeout: remaining(),
    });
    healthy = Date.now() < deadline;
    return Buffer.from(pdf);
  } catch (error) {
    // A browser that crashed, or left a step unanswered, serves no other render.
    if (isCrash(error) || isTimeout(error) || Date.now() >= deadline) retire(owner);
    throw error;
  } finally {
    owner.renders--;
    if (entry) giveBack(entry, healthy);
    if (!healthy && Date.now() >= deadline) owner.retired = true;
    if (owner.retired) retire(owner);
  }
}

async function answer(request: HTTPRequest, job: Job | undefined) {
  const url = request.url();
  // data: URLs are never paused; they are reported so a render can say what its document asked for
  if (url.startsWith("data:")) return job?.options.onRequest?.("data:", true);
  const isNavigation = request.isNavigationRequest();
  try {
    if (!job) return await request.abort("blockedbyclient");
    const { options, assets } = job;
    if (url === job.url && isNavigation) {
      options.onRequest?.(url, true);
      return await request.respond({ status: 200, contentType: "text/html; charset=utf-8", body: job.html });
    }
    if (isNavigation) {
      // A 204 leaves the page as it is; an abort would swap in an error page (meta refresh, links in frames).
      options.onRequest?.(url, false);
      return await request.respond({ status: 204, body: "" });
    }
    const assetId = request.method() === "GET" ? ownAssetId(url) : undefined;
    if (assetId !== undefined && options.asset && (assets.has(assetId) || assets.size < MAX_ASSETS)) {
      if (!assets.has(assetId)) assets.set(assetId, options.asset(assetId).catch(() => undefined));
      const asset = await assets.get(assetId);
      options.onRequest?.(url, Boolean(asset));
      if (asset) return await request.respond({ status: 200, contentType: asset.contentType, body: asset.body });
      return await request.respond({ status: 404, contentType: "text/plain", body: "" });
    }
    options.onRequest?.(url, false);
    await request.abort("blockedbyclient");
  } catch {
    // The page went away while we answered (timeout or crash): nothing left to answer.
    await request.abort("failed").catch(() => undefined);
  }
}
