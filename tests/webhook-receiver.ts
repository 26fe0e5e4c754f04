import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A webhook receiver on 127.0.0.1 for the webhook tests (functions/test/webhooks*.test.ts), answering by path:
 * `/ok…` 204, `/fail…` 500, `/slow…` never, `/hold…` when the test answers `held`, `/redirect…` a 302 to a private
 * address, `/big…` 50 MB written as the client reads it. Every request is kept in `hits`.
 */
export interface Hit {
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export interface Receiver {
  base: string;
  hits: Hit[];
  /** the `/hold…` requests not answered yet */
  held: ServerResponse[];
  /** what `/big…` has written so far */
  bigBytesSent: () => number;
  hitsTo: (path: string) => Hit[];
  close: () => Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const hits: Hit[] = [];
  const held: ServerResponse[] = [];
  let bigBytesSent = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = req.url ?? "";
      hits.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      if (path.startsWith("/fail")) return void res.writeHead(500).end("down");
      if (path.startsWith("/slow")) return; // never answers
      if (path.startsWith("/hold")) return void held.push(res); // answers when the test lets it
      if (path.startsWith("/redirect")) return void res.writeHead(302, { location: "http://10.0.0.1/inside" }).end();
      if (path.startsWith("/big")) {
        res.writeHead(200, { "content-type": "application/octet-stream" });
        const chunk = Buffer.alloc(64 * 1024, 120);
        const write = () => {
          while (bigBytesSent < 50 * 1024 * 1024) {
            bigBytesSent += chunk.length;
            if (!res.write(chunk)) return void res.once("drain", write);
          }
          res.end();
        };
        res.on("close", () => undefined);
        return write();
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    held,
    bigBytesSent: () => bigBytesSent,
    hitsTo: (path) => hits.filter((hit) => hit.path === path),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The Standard Webhooks headers of a request, as the reference library's verify takes them. */
export const headersOf = (hit: Hit) => ({ "webhook-id": String(hit.headers["webhook-id"]), "webhook-timestamp": String(hit.headers["webhook-timestamp"]), "webhook-signature": String(hit.headers["webhook-signature"]) });

/** What `check` finds, asked every 100 ms for up to 10 s. */
export async function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const found = await check();
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`waited 10 s for ${what}`);
}
