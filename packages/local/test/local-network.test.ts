import { connect } from "node:net";
import { request } from "node:http";
import { networkInterfaces } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { startServer } from "../src/server";
import { handleOutbox } from "../src/outbox";

/**
 * Security issue item 3: the HTTP server listened on 0.0.0.0 and DynamoDB
 * Local on every interface, where a Scan with made-up credentials read every
 * password hash; /dev/outbox answered anyone who reached the port.
 */

/** A non-loopback IPv4 address of this machine, if it has one. */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && address.family === "IPv4" && !address.internal)?.address;

/** Whether a TCP connection to host:port is accepted. */
function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

const portOf = (url: string) => Number(new URL(url).port);

function get(host: string, port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host, port, path, headers }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the local stack listens on loopback only", () => {
  const stack = () => ({
    http: portOf(inject("apiUrl")),
    dynamo: portOf(inject("stackEnv").FLEETFORMS_DYNAMODB_ENDPOINT!),
    s3rver: portOf(inject("stackEnv").FLEETFORMS_S3_ENDPOINT!),
  });

  it("answers on 127.0.0.1 (HTTP server, DynamoDB Local, s3rver)", async () => {
    const ports = stack();
    for (const [name, port] of Object.entries(ports)) expect(await reachable("127.0.0.1", port), name).toBe(true);
  });

  // Skipped only on a machine with no non-loopback IPv4 address (then nothing else can reach it anyway).
  it.skipIf(!lanAddress)(`refuses connections on this machine's network address (${lanAddress ?? "none"})`, async () => {
    const ports = stack();
    for (const [name, port] of Object.entries(ports)) expect(await reachable(lanAddress!, port), name).toBe(false);
  });
});

describe("/dev/outbox answers only on this machine", () => {
  let open: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    // HOST=0.0.0.0: the server is open to the network, the outbox still is not.
    open = await startServer({ port: 0, host: "0.0.0.0", extra: handleOutbox });
  });
  afterAll(() => open.close());

  it("answers a loopback caller", async () => {
    const port = portOf(open.url);
    const answer = await get("127.0.0.1", port, "/dev/outbox.json", { host: `localhost:${port}` });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toHaveProperty("messages");
  });

  it.skipIf(!lanAddress)("refuses a caller from the network, page and API", async () => {
    const port = portOf(open.url);
    for (const path of ["/dev/outbox", "/dev/outbox.json"]) {
      const answer = await get(lanAddress!, port, path);
      expect(answer.status, path).toBe(403);
      expect(JSON.parse(answer.body)).toMatchObject({ code: "outbox.local_only" });
    }
  });

  it("refuses a page of another site that resolves to 127.0.0.1 (DNS rebinding)", async () => {
    const port = portOf(open.url);
    const answer = await get("127.0.0.1", port, "/dev/outbox.json", { host: `evil.example:${port}` });
    expect(answer.status).toBe(403);
  });
});
