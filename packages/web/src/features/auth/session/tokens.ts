import { candidateDomains, isLocalOrStaging, type CookieScope } from "./cookie-domain";

/**
 * SPEC §4 and §9: where the session's tokens live. Pure functions over a
 * cookie string and a clock so they can be tested without a browser.
 */

export const ACCESS_COOKIE = "access_token";
export const REFRESH_COOKIE = "refresh_token";
export const REDIRECT_COOKIE = "redirect_path";
/** SPEC §9: the redirect cookie lasts a day. */
export const REDIRECT_SECONDS = 24 * 3600;
/** SPEC §9: refresh every 5 minutes, or sooner when fewer than 5 remain. */
export const REFRESH_INTERVAL_MS = 5 * 60 * 1000;
export const REFRESH_MARGIN_SECONDS = 5 * 60;

/** SPEC §3 "Token claims", plus the user and session ids the API adds. */
export interface TokenClaims {
  sub: string;
  username: string;
  exp: number;
  companyId: string | null;
  role: "user" | "admin" | "viewer" | "inactive" | "orgadmin";
  companies: number;
  sid?: string;
  /** issued at (seconds, server clock) */
  iat?: number;
}

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  expires_in?: number;
  /** seconds the refresh token lives; the cookie expires with it */
  refresh_expires_in?: number;
}

const nowSeconds = (now: number) => Math.floor(now / 1000);

function base64UrlDecode(part: string): string {
  const base64 = part.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(part.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads a JWT's claims without verifying it: the API verifies; the browser only needs exp and the company. */
export function decodeJwt<T = Record<string, unknown>>(token: string | undefined | null): T | null {
  const payload = token?.split(".")[1];
  if (!payload) return null;
  try {
    const value = JSON.parse(base64UrlDecode(payload)) as unknown;
    return typeof value === "object" && value !== null ? (value as T) : null;
  } catch {
    return null;
  }
}

export function claimsOf(accessToken: string | undefined | null): TokenClaims | null {
  const claims = decodeJwt<TokenClaims>(accessToken);
  return claims && typeof claims.exp === "number" && typeof claims.sub === "string" ? claims : null;
}

export const isExpired = (exp: number | undefined, now = Date.now()) => exp === undefined || exp <= nowSeconds(now);
export const expiresSoon = (exp: number | undefined, now = Date.now()) => exp === undefined || exp - nowSeconds(now) < REFRESH_MARGIN_SECONDS;

/**
 * SPEC §9: cookies use path /, and outside local or staging hosts also the
 * shared (parent) domain, Secure and SameSite=Strict.
 */
export function cookieAttributes(scope: CookieScope): string[] {
  if (isLocalOrStaging(scope.hostname)) return ["path=/"];
  return ["path=/", ...(scope.domain ? [`domain=.${scope.domain}`] : []), "secure", "samesite=strict"];
}

export function serializeCookie(name: string, value: string, expires: Date, scope: CookieScope): string {
  return [`${name}=${encodeURIComponent(value)}`, `expires=${expires.toUTCString()}`, ...cookieAttributes(scope)].join("; ");
}

/** Deletes the cookie wherever it may live: host-only and under each parent domain. */
export function deletionCookies(name: string, hostname: string): string[] {
  const expired = new Date(0).toUTCString();
  const local = isLocalOrStaging(hostname);
  return [
    [`${name}=`, `expires=${expired}`, "path=/", ...(local ? [] : ["secure", "samesite=strict"])].join("; "),
    ...candidateDomains(hostname).map((domain) => [`${name}=`, `expires=${expired}`, "path=/", `domain=.${domain}`, "secure", "samesite=strict"].join("; ")),
  ];
}

export function parseCookies(cookieString: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of cookieString.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || name in out) continue;
    try {
      out[name] = decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      out[name] = part.slice(index + 1).trim();
    }
  }
  return out;
}

/**
 * The cookies that store a token pair; each expires when its token does, on
 * this device's clock (`skewMs`: how far it is behind the server's).
 */
export function tokenCookies(pair: TokenPair, scope: CookieScope, now = Date.now(), skewMs = 0): string[] {
  const claims = claimsOf(pair.access_token);
  const accessExpires = claims ? new Date(claims.exp * 1000 - skewMs) : new Date(now + (pair.expires_in ?? 900) * 1000);
  // The refresh token is opaque: its lifetime comes with it (a working day when the API does not say).
  const refreshExpires = new Date(now + (pair.refresh_expires_in ?? 12 * 3600) * 1000);
  return [serializeCookie(ACCESS_COOKIE, pair.access_token, accessExpires, scope), serializeCookie(REFRESH_COOKIE, pair.refresh_token, refreshExpires, scope)];
}

/** SPEC §5: a redirect cookie is never set for the login path. */
export function isRedirectable(path: string): boolean {
  const pathname = path.split(/[?#]/)[0]!.toLowerCase().replace(/\/+$/, "") || "/";
  return path.startsWith("/") && !path.startsWith("//") && pathname !== "/login";
}

export function redirectCookie(path: string, scope: CookieScope, now = Date.now()): string | null {
  if (!isRedirectable(path)) return null;
  return serializeCookie(REDIRECT_COOKIE, path, new Date(now + REDIRECT_SECONDS * 1000), scope);
}

/**
 * SPEC §4/§5: tokens arriving in the URL hash (`#access_token=…&refresh_token=…`)
 * are taken only when the access token has not expired.
 */
export function tokensFromHash(hash: string, now = Date.now()): { pair: TokenPair | null; present: boolean } {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const access = params.get("access_token");
  const refresh = params.get("refresh_token");
  if (!access && !refresh) return { pair: null, present: false };
  const claims = claimsOf(access);
  if (!access || !refresh || !claims || isExpired(claims.exp, now)) return { pair: null, present: true };
  const refreshExpiresIn = Number(params.get("refresh_expires_in"));
  return {
    pair: { access_token: access, refresh_token: refresh, ...(refreshExpiresIn > 0 ? { refresh_expires_in: refreshExpiresIn } : {}) },
    present: true,
  };
}
