import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

/*
 * Where a webhook may be posted (issue 41): public internet addresses only, or the product becomes a tool to
 * reach its own network. The address is checked when an endpoint is saved and again on every attempt after
 * DNS resolution, inside the socket's own lookup, so the connection goes to the address that was checked
 * (a name that resolves elsewhere a second later — DNS rebinding — changes nothing). Redirects are never
 * followed: a 3xx answer is a failed attempt. An attempt stops after `timeoutMs` and reads at most
 * `maxBytes` of the answer, whatever the receiver sends.
 */

/** Addresses no webhook reaches: IANA's special-purpose registries, cloud metadata and every IPv6 form of them. */
const REFUSED = /* @__PURE__ */ (() => {
  const list = new BlockList();
  const v4: [string, number][] = [
    ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
    ["192.0.0.0", 24], ["192.0.2.0", 24], ["192.88.99.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["198.51.100.0", 24],
    ["203.0.113.0", 24], ["224.0.0.0", 4], ["240.0.0.0", 4],
  ];
  for (const [net, prefix] of v4) list.addSubnet(net, prefix, "ipv4");
  const v6: [string, number][] = [
    ["::", 128], ["::1", 128],
    // IPv4-mapped and IPv4-compatible forms, NAT64 and 6to4 carry an IPv4 address inside: none is a public target
    ["::ffff:0:0", 96], ["::", 96], ["64:ff9b::", 96], ["64:ff9b:1::", 48], ["2002::", 16],
    ["100::", 64], ["2001::", 23], ["2001:db8::", 32], ["3fff::", 20],
    // unique local (AWS's metadata fd00:ec2::254 among them), link-local, site-local, multicast
    ["fc00::", 7], ["fe80::", 10], ["fec0::", 10], ["ff00::", 8],
  ];
  for (const [net, prefix] of v6) list.addSubnet(net, prefix, "ipv6");
  return list;
})();
const LOOPBACK = /* @__PURE__ */ (() => {
  const list = new BlockList();
  list.addSubnet("127.0.0.0", 8, "ipv4");
  list.addAddress("::1", "ipv6");
  return list;
})();

/** Names that are never public, whatever they resolve to. */
const INTERNAL_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

/** The local stack only (set by its start, never by a build): a demo receiver on http://localhost. */
export const allowsLocal = () => process.env.FLEETFORMS_WEBHOOKS_ALLOW_LOCAL === "1";

export class TargetRefusedError extends Error {
  readonly code = "webhook.target_refused";
}

/** The receiver did not answer within the attempt's timeout. */
export class AttemptTimeoutError extends Error {}

const family = (address: string) => (isIP(address) === 6 ? "ipv6" : "ipv4");
const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, "");

/** Whether an address (after resolution) may be connected to. */
export function addressAllowed(address: string, allowLocal = allowsLocal()): boolean {
  if (!isIP(address)) return false;
  if (allowLocal && LOOPBACK.check(address, family(address))) return true;
  return !REFUSED.check(address, family(address));
}

/**
 * The checks that need no DNS: an https URL without credentials, to a name that is not internal or an address
 * that is public. With the local flag, http and https to localhost and loopback addresses pass too.
 */
export function checkUrl(value: string, allowLocal = allowsLocal()): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TargetRefusedError(`not a URL: ${value}`);
  }
  const host = bare(url.hostname);
  const local = allowLocal && (host === "localhost" || (isIP(host) > 0 && LOOPBACK.check(host, family(host))));
  if (url.protocol !== "https:" && !(local && url.protocol === "http:")) throw new TargetRefusedError("only https:// addresses are allowed");
  if (url.username || url.password) throw new TargetRefusedError("an address with credentials is not allowed");
  if (local) return url;
  if (isIP(host) ? !addressAllowed(host, false) : INTERNAL_NAME.test(host) || !host.includes(".")) throw new TargetRefusedError(`${host} is not a public address`);
  return url;
}

export type Resolve = (hostname: string) => Promise<LookupAddress[]>;
const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/** A socket lookup that resolves, refuses the whole name when any of its addresses is not public, and hands over the checked addresses. */
function guardedLookup(resolve: Resolve, allowLocal: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.find((entry) => !addressAllowed(entry.address, allowLocal));
        if (addresses.length === 0 || refused) {
          callback(new TargetRefusedError(`${hostname} resolves to ${refused?.address ?? "nothing"}, which is not a public address`) as NodeJS.ErrnoException, "", 4);
        } else if (options.all) {
          (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
        } else {
          callback(null, addresses[0]!.address, addresses[0]!.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 4),
    );
  };
}

export interface PostOptions {
  headers: Record<string, string>;
  timeoutMs?: number;
  /** the most of the answer read; the rest is never received */
  maxBytes?: number;
  /** DNS for tests; the system's resolver otherwise */
  resolve?: Resolve;
  allowLocal?: boolean;
}

export interface PostResult {
  statusCode: number;
  /** the start of the answer, at most `maxBytes` */
  body: string;
}

export const TIMEOUT_MS = 10_000;
export const MAX_ANSWER_BYTES = 64 * 1024;

/** Posts `body` to a checked target; throws TargetRefusedError, a timeout or a network error. */
export async function post(target: string, body: string, options: PostOptions): Promise<PostResult> {
  const allowLocal = options.allowLocal ?? allowsLocal();
  const url = checkUrl(target, allowLocal);
  const host = bare(url.hostname);
  if (isIP(host) && !addressAllowed(host, allowLocal)) throw new TargetRefusedError(`${host} is not a public address`);
  const maxBytes = options.maxBytes ?? MAX_ANSWER_BYTES;
  const signal = AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS);
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<PostResult>((resolve, reject) => {
    const request = send(url, {
      method: "POST",
      headers: { ...options.headers, "content-type": "application/json", "content-length": Buffer.byteLength(body), "user-agent": "Fleetforms-Webhooks/1" },
      lookup: guardedLookup(options.resolve ?? systemResolve, allowLocal),
      agent: false,
      signal,
    });
    request.on("error", (error) => reject(signal.aborted ? new AttemptTimeoutError(`no answer within ${options.timeoutMs ?? TIMEOUT_MS} ms`) : error));
    request.on("response", (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let read = 0;
      const done = () => {
        response.destroy();
        resolve({ statusCode: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8").slice(0, maxBytes) });
      };
      response.on("data", (chunk: Buffer) => {
        chunks.push(chunk.subarray(0, maxBytes - read));
        read += chunk.length;
        if (read >= maxBytes) done();
      });
      response.on("end", done);
      response.on("error", (error) => (read > 0 || response.statusCode ? done() : reject(error)));
    });
    request.end(body);
  });
}
