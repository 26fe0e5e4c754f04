import { spawn, type ChildProcess } from "node:child_process";
import { EventEmitter } from "node:events";
import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable, Writable } from "node:stream";

/*
 * The few Chrome DevTools Protocol calls the PDF renderer makes (docs/decisions.md, "The PDF renderer speaks
 * CDP itself"): launch Chromium with the protocol on a pipe, open pages, answer their requests from memory
 * (Fetch domain), load a document and print it. puppeteer-core did the same with 2.2 MB of JavaScript in each
 * PDF function's bundle (its downloader, proxy support and WebDriver BiDi among it), none of which ran.
 */

type Params = Record<string, unknown>;
type Listener = (params: unknown) => void;
interface Pending {
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
  method: string;
}

/** Chromium's answer to a call that failed, or a call the closed connection can no longer answer. */
export class ProtocolError extends Error {
  constructor(method: string, message: string) {
    super(`Protocol error (${method}): ${message}`);
    this.name = "ProtocolError";
  }
}

/** Messages over Chromium's `--remote-debugging-pipe`: JSON, each ended by a NUL byte. */
export class Connection extends EventEmitter {
  #nextId = 0;
  readonly #pending = new Map<number, Pending>();
  #closed = false;

  constructor(
    private readonly output: Writable,
    input: Readable,
  ) {
    super();
    // every open page listens for the browser going away; they stop listening when they close
    this.setMaxListeners(0);
    let chunks: Buffer[] = [];
    input.on("data", (chunk: Buffer) => {
      let start = 0;
      for (let end = chunk.indexOf(0); end !== -1; end = chunk.indexOf(0, start)) {
        chunks.push(chunk.subarray(start, end));
        this.#dispatch(Buffer.concat(chunks).toString("utf8"));
        chunks = [];
        start = end + 1;
      }
      if (start < chunk.length) chunks.push(chunk.subarray(start));
    });
    input.on("close", () => this.dispose());
    input.on("error", () => this.dispose());
    output.on("error", () => this.dispose());
  }

  get closed() {
    return this.#closed;
  }

  send<T = unknown>(method: string, params: Params = {}, sessionId?: string): Promise<T> {
    if (this.#closed) return Promise.reject(new ProtocolError(method, "Connection closed"));
    const id = ++this.#nextId;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (result: unknown) => void, reject, method });
      this.output.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  }

  #dispatch(text: string) {
    const message = JSON.parse(text) as { id?: number; method?: string; params?: unknown; result?: unknown; error?: { message: string; data?: string }; sessionId?: string };
    if (message.id !== undefined) {
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      if (message.error) pending.reject(new ProtocolError(pending.method, [message.error.message, message.error.data].filter(Boolean).join(" ")));
      else pending.resolve(message.result);
    } else if (message.method) {
      // events are named per session: `<sessionId>:<method>` (the browser's own have no session)
      this.emit(`${message.sessionId ?? ""}:${message.method}`, message.params);
    }
  }

  dispose() {
    if (this.#closed) return;
    this.#closed = true;
    for (const pending of this.#pending.values()) pending.reject(new ProtocolError(pending.method, "Connection closed"));
    this.#pending.clear();
    this.emit("disconnected");
  }
}

/** A request a page made, paused until it is answered (Fetch.requestPaused). */
export interface PausedRequest {
  url: string;
  method: string;
  /** a document load: the page itself or a frame in it */
  isNavigation: boolean;
  respond(answer: { status: number; contentType?: string; body: string | Buffer }): Promise<void>;
  continue(): Promise<void>;
  abort(reason: "BlockedByClient" | "Failed"): Promise<void>;
}

export interface PrintOptions {
  /** in millimetres */
  margin: { top: number; bottom: number; left: number; right: number };
  footerTemplate?: string;
}

const MM_PER_INCH = 25.4;
/** A4, in inches, as Chromium's print settings take it */
const A4 = { width: 8.27, height: 11.7 };

type PausedEvent = { requestId: string; request: { url: string; method: string }; resourceType: string };

export class Page {
  #closed = false;
  #onRequest: ((request: PausedRequest) => void) | undefined;
  /** what this page listens to on the shared connection, removed when it closes */
  readonly #listeners: [string, Listener][] = [];
  /** settles the load in progress when the page closes or the browser goes away under it */
  #abandon: ((error: Error) => void) | undefined;
  /** loaders whose document has fired its load event, since the current `load` began */
  readonly #loads = new Set<string>();
  #onLoad: (() => void) | undefined;

  constructor(
    private readonly connection: Connection,
    readonly targetId: string,
    private readonly sessionId: string,
  ) {
    this.#listen(`${sessionId}:Fetch.requestPaused`, (event: PausedEvent) => this.#paused(event));
    // data: URLs are never paused; they are reported so a render can say what its document asked for
    this.#listen(`${sessionId}:Network.requestWillBeSent`, (event: { request: { url: string; method: string } }) => {
      if (event.request.url.startsWith("data:")) this.#onRequest?.(notPaused(event.request.url, event.request.method));
    });
    this.#listen(`${sessionId}:Inspector.targetCrashed`, () => this.#close("Target crashed"));
    // a document's load, told apart from any other (the first about:blank, a frame) by its loader
    this.#listen(`${sessionId}:Page.lifecycleEvent`, (event: { name: string; loaderId: string }) => {
      if (event.name !== "load") return;
      this.#loads.add(event.loaderId);
      this.#onLoad?.();
    });
    this.#listen("disconnected", () => this.#close("Target closed"));
  }

  /** Opens a blank page, scripts off, cache off and every request paused for `onRequest`. */
  static async open(connection: Connection, viewport: { width: number; height: number }): Promise<Page> {
    const { targetId } = await connection.send<{ targetId: string }>("Target.createTarget", { url: "about:blank" });
    const { sessionId } = await connection.send<{ sessionId: string }>("Target.attachToTarget", { targetId, flatten: true });
    const page = new Page(connection, targetId, sessionId);
    await Promise.all([
      page.#send("Page.enable"),
      page.#send("Page.setLifecycleEventsEnabled", { enabled: true }),
      page.#send("Network.enable"),
      page.#send("Network.setCacheDisabled", { cacheDisabled: true }),
      page.#send("Emulation.setScriptExecutionDisabled", { value: true }),
      page.#send("Emulation.setDeviceMetricsOverride", { ...viewport, deviceScaleFactor: 1, mobile: false }),
      page.#send("Fetch.enable", { patterns: [{ urlPattern: "*" }] }),
    ]);
    return page;
  }

  get closed() {
    return this.#closed || this.connection.closed;
  }

  onRequest(handler: (request: PausedRequest) => void) {
    this.#onRequest = handler;
  }

  /** Loads the URL and waits for its load event (images and style sheets in), then for its fonts. */
  async load(url: string): Promise<void> {
    this.#loads.clear();
    try {
      const { errorText, frameId, loaderId } = await this.#send<{ errorText?: string; frameId: string; loaderId?: string }>("Page.navigate", { url });
      if (errorText) throw new Error(`Could not load the document: ${errorText}`);
      if (!loaderId) throw new Error("Could not load the document: the page did not start a new one");
      // its load event may have come before Page.navigate answered
      await new Promise<void>((resolve, reject) => {
        this.#abandon = reject;
        this.#onLoad = () => this.#loads.has(loaderId) && resolve();
        this.#onLoad();
      });
      // scripts are off in the page; its fonts are awaited from a world of our own, as puppeteer did
      const { executionContextId } = await this.#send<{ executionContextId: number }>("Page.createIsolatedWorld", { frameId, worldName: "fonts" });
      await this.#send("Runtime.evaluate", { expression: "document.fonts.ready.then(() => true)", contextId: executionContextId, awaitPromise: true });
    } finally {
      this.#onLoad = this.#abandon = undefined;
    }
  }

  /** The loaded document as an A4 PDF, tagged for screen readers, backgrounds printed. */
  async printA4(options: PrintOptions): Promise<Buffer> {
    const inches = (mm: number) => mm / MM_PER_INCH;
    const { stream } = await this.#send<{ stream: string }>("Page.printToPDF", {
      transferMode: "ReturnAsStream",
      paperWidth: A4.width,
      paperHeight: A4.height,
      marginTop: inches(options.margin.top),
      marginBottom: inches(options.margin.bottom),
      marginLeft: inches(options.margin.left),
      marginRight: inches(options.margin.right),
      printBackground: true,
      preferCSSPageSize: false,
      generateTaggedPDF: true,
      ...(options.footerTemplate ? { displayHeaderFooter: true, headerTemplate: "<span></span>", footerTemplate: options.footerTemplate } : { displayHeaderFooter: false }),
    });
    const parts: Buffer[] = [];
    try {
      for (;;) {
        const { data, base64Encoded, eof } = await this.#send<{ data: string; base64Encoded?: boolean; eof: boolean }>("IO.read", { handle: stream, size: 1 << 20 });
        parts.push(Buffer.from(data, base64Encoded ? "base64" : "utf8"));
        if (eof) break;
      }
    } finally {
      await this.#send("IO.close", { handle: stream }).catch(() => undefined);
    }
    return Buffer.concat(parts);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.#close("Target closed");
    await this.connection.send("Target.closeTarget", { targetId: this.targetId });
  }

  #listen<P>(event: string, handler: (params: P) => void) {
    const listener = handler as Listener;
    this.connection.on(event, listener);
    this.#listeners.push([event, listener]);
  }

  #close(reason: string) {
    if (this.#closed) return;
    this.#closed = true;
    for (const [event, handler] of this.#listeners) this.connection.off(event, handler);
    this.#abandon?.(new ProtocolError("Page.navigate", reason));
  }

  #send<T = unknown>(method: string, params: Params = {}): Promise<T> {
    if (this.#closed) return Promise.reject(new ProtocolError(method, "Target closed"));
    return this.connection.send<T>(method, params, this.sessionId);
  }

  #paused({ requestId, request, resourceType }: PausedEvent) {
    const paused: PausedRequest = {
      url: request.url,
      method: request.method,
      isNavigation: resourceType === "Document",
      respond: async ({ status, contentType, body }) => {
        await this.#send("Fetch.fulfillRequest", {
          requestId,
          responseCode: status,
          responseHeaders: contentType ? [{ name: "Content-Type", value: contentType }] : [],
          body: Buffer.from(body).toString("base64"),
        });
      },
      continue: async () => {
        await this.#send("Fetch.continueRequest", { requestId });
      },
      abort: async (reason) => {
        await this.#send("Fetch.failRequest", { requestId, errorReason: reason });
      },
    };
    if (this.#onRequest) this.#onRequest(paused);
    else void paused.abort("BlockedByClient").catch(() => undefined);
  }
}

/** A request Chromium does not pause (a data: URL): reported, nothing to answer. */
const notPaused = (url: string, method: string): PausedRequest => ({
  url,
  method,
  isNavigation: false,
  respond: async () => undefined,
  continue: async () => undefined,
  abort: async () => undefined,
});

/**
 * The flags puppeteer-core launched Chromium with for us (automation defaults, headless, no first run), less
 * the ones for features a renderer never opens. `--export-tagged-pdf` keeps the PDFs readable by screen readers.
 */
const DEFAULT_FLAGS = [
  "--allow-pre-commit-input",
  "--disable-background-networking",
  "--disable-background-timer-throttling",
  "--disable-backgrounding-occluded-windows",
  "--disable-breakpad",
  "--disable-client-side-phishing-detection",
  "--disable-component-extensions-with-background-pages",
  "--disable-crash-reporter",
  "--disable-default-apps",
  "--disable-dev-shm-usage",
  "--disable-hang-monitor",
  "--disable-ipc-flooding-protection",
  "--disable-popup-blocking",
  "--disable-prompt-on-repost",
  "--disable-renderer-backgrounding",
  "--disable-search-engine-choice-screen",
  "--disable-sync",
  "--enable-automation",
  "--export-tagged-pdf",
  "--force-color-profile=srgb",
  "--metrics-recording-only",
  "--no-first-run",
  "--password-store=basic",
  "--use-mock-keychain",
  "--headless=new",
  "--hide-scrollbars",
  "--mute-audio",
  "--disable-extensions",
];

/** Every Chromium this process started, killed when the process exits (a server stopped, a test run ended). */
const running = new Set<ChildProcess>();
process.once("exit", () => running.forEach((child) => child.kill("SIGKILL")));

/**
 * Deletes a browser's profile once its process has exited. Chromium's helper processes can still be
 * writing their cache for a moment after the browser process is gone (a crash, a kill), so a directory may
 * not be empty at the first try: retry, and never let a leftover in /tmp become an error of the render.
 */
function removeProfile(profile: string): void {
  rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }).catch(() => undefined);
}

export class Browser extends EventEmitter {
  private constructor(
    private readonly child: ChildProcess,
    private readonly connection: Connection,
    readonly profile: string,
  ) {
    super();
    connection.once("disconnected", () => this.emit("disconnected"));
  }

  /**
   * Starts Chromium with the protocol on a pipe (no port to open) and a profile of its own in /tmp. It goes
   * with this process when it exits.
   */
  static async launch(options: { executablePath: string; args: string[]; timeoutMs?: number }): Promise<Browser> {
    const profile = mkdtempSync(path.join(tmpdir(), "fleetforms-chromium-"));
    const child = spawn(options.executablePath, [...DEFAULT_FLAGS, ...options.args, "--remote-debugging-pipe", `--user-data-dir=${profile}`, "about:blank"], {
      stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"],
    });
    const [toBrowser, fromBrowser] = [child.stdio[3] as Writable, child.stdio[4] as Readable];
    const connection = new Connection(toBrowser, fromBrowser);
    running.add(child);
    child.once("exit", () => {
      running.delete(child);
      connection.dispose();
      removeProfile(profile);
    });
    const browser = new Browser(child, connection, profile);
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        connection.send("Browser.getVersion"),
        new Promise((_, reject) => {
          child.once("error", reject);
          timer = setTimeout(() => reject(new Error("Chromium did not start within its time")), options.timeoutMs ?? 30_000);
        }),
      ]);
    } catch (error) {
      child.kill("SIGKILL");
      connection.dispose();
      throw error;
    } finally {
      clearTimeout(timer);
    }
    return browser;
  }

  get connected() {
    return !this.connection.closed;
  }

  process(): ChildProcess {
    return this.child;
  }

  newPage(viewport: { width: number; height: number }): Promise<Page> {
    return Page.open(this.connection, viewport);
  }

  /** The browser's open pages (targets of type page), as Chromium counts them. */
  async pages(): Promise<string[]> {
    const { targetInfos } = await this.connection.send<{ targetInfos: { targetId: string; type: string }[] }>("Target.getTargets");
    return targetInfos.filter((target) => target.type === "page").map((target) => target.targetId);
  }

  async close(): Promise<void> {
    if (this.connected) await this.connection.send("Browser.close").catch(() => undefined);
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise((resolve) => this.child.once("exit", resolve));
      this.child.kill("SIGKILL");
      await exited;
    }
    this.connection.dispose();
  }
}
