import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as Pdf from "../src/pdf";
import { RenderTimeoutError } from "../src/pdf/browser";
import { errorHandler, SERVER_ERROR_MESSAGE } from "../../functions/src/lib/errors";
import { pdfText } from "../../../tests/forms-fixtures";

/*
 * Issue 38, the DevTools-protocol bullet: a Chromium that hangs (on launch, or on a page) answers the SPEC's
 * server error within the render's time limit and the next render works; frames and workers can neither run
 * nor fetch; the protocol itself is puppeteer-core's.
 */

/** The Chromium the renderer launches: @sparticuz/chromium's, or one of the stand-ins below when set. */
const chromiumPath = vi.hoisted(() => ({ override: undefined as string | undefined }));
vi.mock("@sparticuz/chromium", async (importOriginal) => {
  const real = (await importOriginal<typeof import("@sparticuz/chromium")>()).default;
  return { default: { args: real.args, executablePath: (input?: string) => chromiumPath.override ?? real.executablePath(input) } };
});

const scratch = mkdtempSync(path.join(tmpdir(), "fleetforms-pdf-failures-"));
afterAll(async () => {
  await Pdf.close();
  rmSync(scratch, { recursive: true, force: true });
});

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return !readFileSync(`/proc/${pid}/stat`, "utf8").includes(") Z ");
  } catch {
    return false;
  }
};

/** The processes a browser started, by what they are (Chromium rewrites its command line into one string). */
function childrenOf(pid: number, kind: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1];
      if (parent === String(pid) && readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(kind)) found.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

/** What the API answers for an error a handler threw (the last middleware of every route). */
async function answerOf(error: unknown) {
  const request = { error, event: { routeKey: "GET /submissions/download/{id}", requestContext: {} }, context: { awsRequestId: "test" }, response: undefined } as unknown as Parameters<NonNullable<ReturnType<typeof errorHandler>["onError"]>>[0];
  await errorHandler().onError!(request);
  const response = request.response as unknown as { statusCode: number; body: string };
  return { status: response.statusCode, message: (JSON.parse(response.body) as { message: string }).message };
}

const rendersAgain = async (text: string) => expect(await pdfText(await Pdf.htmlToPdf(`<p>${text}</p>`))).toContain(text);

describe("a Chromium that hangs", () => {
  it("on launch (an executable that never answers on its pipe) answers a server error at the render's limit, and is killed; the next render launches a working one", async () => {
    await Pdf.close();
    const pidFile = path.join(scratch, "hung-launch.pid");
    const hanging = path.join(scratch, "hanging-chromium");
    writeFileSync(hanging, `#!/bin/sh\necho $$ > "${pidFile}"\nexec sleep 600\n`);
    chmodSync(hanging, 0o755);
    chromiumPath.override = hanging;
    // Nothing but the render's limit can end this render: the stand-in never reads or writes its pipe.
    const failed = await Pdf.htmlToPdf("<p>never</p>", { timeoutMs: 3_000 }).catch((error: unknown) => error);
    chromiumPath.override = undefined;
    expect(failed).toBeInstanceOf(RenderTimeoutError);
    expect(await answerOf(failed)).toEqual({ status: 500, message: SERVER_ERROR_MESSAGE });
    // the launch itself is killed at its own limit (10 s), whoever started it
    const pid = Number(readFileSync(pidFile, "utf8"));
    await expect.poll(() => isRunning(pid), { timeout: 20_000 }).toBe(false);
    await rendersAgain("after a hung launch");
  }, 60_000);

  it("on launch, for a render with little time left: it gives up at its own limit, and the launch it started serves the next render", async () => {
    await Pdf.close();
    const failed = await Pdf.htmlToPdf("<p>never</p>", { timeoutMs: 1 }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(RenderTimeoutError);
    await rendersAgain("the launch went on");
  });

  it("answers each render at its own limit when one after another cannot finish, and the render after each works", async () => {
    for (let round = 0; round < 3; round++) {
      await expect(Pdf.htmlToPdf('<img src="/v2/assets/1/content">', { asset: () => new Promise(() => {}), timeoutMs: 800 })).rejects.toBeInstanceOf(RenderTimeoutError);
      await rendersAgain(`round ${round}`);
    }
  }, 60_000);

  it("mid-render (the browser process stopped) answers a server error at the render's limit; the stopped browser is killed and the next render gets a new one", async () => {
    await rendersAgain("warm");
    const hung = await Pdf.browser();
    const pid = hung.process()!.pid!;
    process.kill(pid, "SIGSTOP");
    const failed = await Pdf.htmlToPdf("<p>never</p>", { timeoutMs: 3_000 }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(RenderTimeoutError);
    expect(await answerOf(failed)).toEqual({ status: 500, message: SERVER_ERROR_MESSAGE });
    await expect.poll(() => isRunning(pid), { timeout: 10_000 }).toBe(false);
    await rendersAgain("after a hung browser");
    expect(await Pdf.browser()).not.toBe(hung);
  }, 60_000);

  it("on a page step (its renderer process stopped, the browser still answering) answers a server error at the limit; the next render works", async () => {
    await rendersAgain("warm");
    const hung = await Pdf.browser();
    const renderers = childrenOf(hung.process()!.pid!, "--type=renderer");
    expect(renderers.length).toBeGreaterThan(0);
    for (const renderer of renderers) process.kill(renderer, "SIGSTOP");
    expect(await hung.version()).toContain("HeadlessChrome");
    const failed = await Pdf.htmlToPdf("<p>never</p>", { timeoutMs: 3_000 }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(RenderTimeoutError);
    expect(await answerOf(failed)).toEqual({ status: 500, message: SERVER_ERROR_MESSAGE });
    for (const renderer of renderers) await expect.poll(() => isRunning(renderer), { timeout: 10_000 }).toBe(false);
    await rendersAgain("after a hung page");
  }, 60_000);
});

describe("frames and workers", () => {
  let server: Server;
  const reached: string[] = [];
  let connections = 0;
  let origin = "";
  beforeAll(async () => {
    server = createServer((request, response) => {
      reached.push(request.url ?? "");
      response.writeHead(200, { "content-type": "text/html", "access-control-allow-origin": "*" }).end("<p>FETCHED FROM THE NETWORK</p>");
    });
    // a connection counts even when no request follows on it
    server.on("connection", () => connections++);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });

  it("can neither run script nor fetch anything: srcdoc and data: frames, a framed URL, workers, objects", async () => {
    // what each document's script would do if it ran: rewrite its text, fetch, start a worker that fetches
    const script = (name: string) =>
      `<script>document.getElementById("${name}").textContent = "${name.toUpperCase()} SCRIPT RAN"; fetch("${origin}/${name}-fetch"); ` +
      `new Worker("data:text/javascript,fetch('${origin}/${name}-worker')"); navigator.sendBeacon("${origin}/${name}-beacon")</script>`;
    const frame = (name: string) => `<p id="${name}">${name} static</p>${script(name)}<img src="${origin}/${name}-img"><link rel="stylesheet" href="${origin}/${name}-css">`;
    const attribute = (html: string) => html.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
    const seen: { url: string; allowed: boolean }[] = [];
    const pdf = await Pdf.htmlToPdf(
      `${frame("main")}
       <iframe srcdoc="${attribute(frame("srcdoc"))}" width="400" height="120"></iframe>
       <iframe src="data:text/html;charset=utf-8,${encodeURIComponent(frame("dataframe"))}" width="400" height="120"></iframe>
       <iframe src="${origin}/framed"></iframe>
       <object data="${origin}/object" type="text/html"></object><embed src="${origin}/embed" type="text/html">`,
      { onRequest: (url, allowed) => seen.push({ url, allowed }) },
    );
    const text = await pdfText(pdf);
    expect(text).toContain("main static");
    expect(text).toContain("srcdoc static");
    expect(text).toContain("dataframe static");
    expect(text).not.toMatch(/SCRIPT RAN|FETCHED FROM THE NETWORK/);
    // Chromium's own local-network rules would stop a request it sent here, but only after connecting:
    // no connection at all is the interception refusing it first
    expect(reached).toEqual([]);
    expect(connections).toBe(0);
    // each frame's requests went through the renderer's interception and were refused
    const refused = seen.filter((entry) => !entry.allowed).map((entry) => entry.url);
    expect(refused).toEqual(expect.arrayContaining([`${origin}/main-img`, `${origin}/srcdoc-img`, `${origin}/dataframe-img`, `${origin}/dataframe-css`, `${origin}/framed`]));
    expect(seen.filter((entry) => entry.allowed && entry.url !== "data:").every((entry) => entry.url.startsWith(Pdf.RENDER_ORIGIN))).toBe(true);
  });
});

describe("the protocol", () => {
  it("is puppeteer-core's, over a pipe: the renderer launches Chromium with --remote-debugging-pipe and holds no protocol code of its own", async () => {
    await rendersAgain("pipe");
    expect((await Pdf.browser()).process()!.spawnargs).toContain("--remote-debugging-pipe");
    const sources = readdirSync(path.join(__dirname, "../src/pdf"));
    expect(sources).not.toContain("cdp.ts");
    for (const source of sources) expect(readFileSync(path.join(__dirname, "../src/pdf", source), "utf8"), source).not.toMatch(/Fetch\.enable|Page\.printToPDF|Target\.attachToTarget/);
  });

  it("survives a malformed message: later answers still arrive; puppeteer reports the bad one as an unhandled rejection (not guarded upstream)", async () => {
    const { Connection } = await import("puppeteer-core/internal/cdp/Connection.js");
    const { PipeTransport } = await import("puppeteer-core/internal/node/PipeTransport.js");
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    // vitest fails a run on an unhandled rejection: this one is expected, and caught here only
    const listeners = process.listeners("unhandledRejection");
    process.removeAllListeners("unhandledRejection");
    process.on("unhandledRejection", listener);
    try {
      const [toBrowser, fromBrowser] = [new PassThrough(), new PassThrough()];
      const connection = new Connection("", new PipeTransport(toBrowser, fromBrowser), 0, 5_000);
      const answer = connection.send("Browser.getVersion");
      fromBrowser.write("{not json\0");
      fromBrowser.write(`${JSON.stringify({ id: 1, result: { product: "HeadlessChrome/143" } })}\0`);
      expect(await answer).toEqual({ product: "HeadlessChrome/143" });
      await expect.poll(() => unhandled.length).toBe(1);
      expect(unhandled[0]).toBeInstanceOf(SyntaxError);
      connection.dispose();
    } finally {
      process.off("unhandledRejection", listener);
      for (const restored of listeners) process.on("unhandledRejection", restored);
    }
  });
});
