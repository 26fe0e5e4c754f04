import type { getDomain } from "tldts";

/**
 * SPEC §9: outside local or staging hosts the session cookies use the
 * shared domain. "Shared" is the registrable domain of the public-suffix
 * list: app.example.co.uk shares example.co.uk, never co.uk (every site
 * under .co.uk would receive the tokens).
 */

/** Where cookies stay host-only with path / alone (SPEC §9): localhost, IPs, single labels, staging hosts. */
export function isLocalOrStaging(hostname: string): boolean {
  const host = hostname.toLowerCase();
  const isIp = /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(":");
  const isLocal = host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || isIp || !host.includes(".");
  return isLocal || /(^|[.-])staging([.-]|$)/.test(host);
}

/**
 * The shared domain of a host, or null where there is none: local and
 * staging hosts, and a host that is itself a public suffix. Private
 * suffixes count (d123.cloudfront.net shares nothing with other
 * distributions), as browsers refuse cookies for them too.
 */
export function sharedDomain(hostname: string, domainOf: typeof getDomain): string | null {
  const host = hostname.toLowerCase();
  if (isLocalOrStaging(host)) return null;
  return domainOf(host, { allowPrivateDomains: true }) ?? null;
}

/** Where a session's cookies are written: the host and, outside local and staging, the shared domain. */
export interface CookieScope {
  hostname: string;
  domain: string | null;
}

/**
 * The scope for this host. The public-suffix list (tldts, ~48 KB gzip) is
 * loaded only here, on the first cookie write of a production host, so the
 * public pages never carry it.
 */
export async function cookieScope(hostname: string): Promise<CookieScope> {
  if (isLocalOrStaging(hostname)) return { hostname, domain: null };
  const { getDomain } = await import("tldts");
  return { hostname, domain: sharedDomain(hostname, getDomain) };
}

/**
 * Every domain a cookie of this host may have been written for: the host
 * itself and each parent. Deleting needs no list: a browser ignores the
 * deletion for a public suffix, as it refused the cookie there.
 */
export function candidateDomains(hostname: string): string[] {
  if (isLocalOrStaging(hostname)) return [];
  const labels = hostname.toLowerCase().split(".");
  return labels.slice(0, -1).map((_, i) => labels.slice(i).join("."));
}
