import type { Agent, IncomingMessage, RequestOptions } from "node:http";

/**
 * The wire under `send` (signer.ts): node:http and node:https with connections kept alive, as the v3 SDK's
 * NodeHttpHandler does. Global `fetch` did the same job at twice the CPU per call (undici builds a Request,
 * Headers, an AbortSignal and a stream for every call), which every DynamoDB read paid. The modules load
 * on the first call, so a function that never calls AWS never loads them.
 */

/** What a caller reads of an answer: the subset of fetch's Response this code base uses. */
export interface Answer {
  status: number;
  ok: boolean;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
  json(): Promise<unknown>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export interface Outgoing {
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  signal?: AbortSignal;
}

type Client = { request(url: URL, options: RequestOptions, callback: (response: IncomingMessage) => void): { on(event: "error", listener: (error: Error) => void): unknown; end(body?: string | Uint8Array): void } };

const clients = new Map<string, Promise<{ client: Client; agent: Agent }>>();
function clientFor(protocol: string) {
  let loading = clients.get(protocol);
  if (!loading) {
    loading = (protocol === "https:" ? import("node:https") : import("node:http")).then((module) => ({ client: module as unknown as Client, agent: new module.Agent({ keepAlive: true, maxSockets: 50 }) }));
    clients.set(protocol, loading);
  }
  return loading;
}

/** An answer already in memory (an error S3 wrote in a 200's body, say). */
export function answerOf(status: number, body: Buffer | string, headers: Record<string, string | string[] | undefined> = {}): Answer {
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  return {
    status,
    ok: status >= 200 && status < 300,
    headers: {
      get: (name) => {
        const value = headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
      },
    },
    text: async () => bytes.toString("utf8"),
    json: async () => JSON.parse(bytes.toString("utf8")) as unknown,
    arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  };
}

/** Sends one request and reads the whole answer (AWS's answers here are small, or wanted whole). */
export async function request(url: URL, outgoing: Outgoing): Promise<Answer> {
  const { client, agent } = await clientFor(url.protocol);
  return new Promise<Answer>((resolve, reject) => {
    const body = outgoing.body;
    const headers = body === undefined ? outgoing.headers : { ...outgoing.headers, "content-length": String(typeof body === "string" ? Buffer.byteLength(body) : body.byteLength) };
    const sent = client.request(url, { method: outgoing.method, headers, agent, signal: outgoing.signal }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => resolve(answerOf(response.statusCode ?? 0, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), response.headers)));
    });
    sent.on("error", reject);
    sent.end(body);
  });
}
