import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { Connection, ProtocolError } from "../src/pdf/cdp";

/** A connection to a fake browser: what we write arrives on `sent`, what the "browser" writes is `reply`. */
function pipe() {
  const toBrowser = new PassThrough();
  const fromBrowser = new PassThrough();
  const sent: { id: number; method: string; params: unknown; sessionId?: string }[] = [];
  toBrowser.on("data", (chunk: Buffer) => {
    for (const part of chunk.toString("utf8").split("\0").filter(Boolean)) sent.push(JSON.parse(part));
  });
  return { connection: new Connection(toBrowser, fromBrowser), sent, fromBrowser };
}

describe("the CDP pipe connection", () => {
  it("frames calls with NUL and matches answers split across chunks, several in one chunk, and characters cut in two", async () => {
    const { connection, sent, fromBrowser } = pipe();
    const first = connection.send("Browser.getVersion");
    const second = connection.send<{ text: string }>("Runtime.evaluate", { expression: "1" }, "session-1");
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual([
      { id: 1, method: "Browser.getVersion", params: {} },
      { id: 2, method: "Runtime.evaluate", params: { expression: "1" }, sessionId: "session-1" },
    ]);
    const answers = Buffer.from(`${JSON.stringify({ id: 2, result: { text: "año ✓" } })}\0${JSON.stringify({ id: 1, result: { product: "HeadlessChrome" } })}\0`);
    const cut = answers.indexOf(Buffer.from("ñ")) + 1; // inside the two bytes of ñ
    fromBrowser.write(answers.subarray(0, cut));
    fromBrowser.write(answers.subarray(cut));
    expect(await second).toEqual({ text: "año ✓" });
    expect(await first).toEqual({ product: "HeadlessChrome" });
  });

  it("delivers events per session and rejects a failed call with the browser's message", async () => {
    const { connection, fromBrowser } = pipe();
    const events: unknown[] = [];
    connection.on("s1:Page.loadEventFired", (params) => events.push(params));
    fromBrowser.write(`${JSON.stringify({ method: "Page.loadEventFired", params: { timestamp: 1 }, sessionId: "s1" })}\0`);
    fromBrowser.write(`${JSON.stringify({ method: "Page.loadEventFired", params: { timestamp: 2 }, sessionId: "s2" })}\0`);
    const failed = connection.send("IO.read", { handle: "x" });
    fromBrowser.write(`${JSON.stringify({ id: 1, error: { code: -32000, message: "Invalid stream handle" } })}\0`);
    await expect(failed).rejects.toThrow("Protocol error (IO.read): Invalid stream handle");
    expect(events).toEqual([{ timestamp: 1 }]);
  });

  it("rejects calls in flight and later ones when the browser goes away", async () => {
    const { connection, fromBrowser } = pipe();
    let disconnected = false;
    connection.once("disconnected", () => (disconnected = true));
    const pending = connection.send("Page.printToPDF");
    fromBrowser.destroy();
    await expect(pending).rejects.toBeInstanceOf(ProtocolError);
    await expect(pending).rejects.toThrow("Connection closed");
    await expect(connection.send("Browser.getVersion")).rejects.toThrow("Connection closed");
    expect(disconnected).toBe(true);
  });
});
