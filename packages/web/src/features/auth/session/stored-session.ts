import type { SessionUser } from "../api/auth-api";
import { readPreference, writePreference } from "@/lib/preferences";
import { ACCESS_COOKIE, REDIRECT_COOKIE, REFRESH_COOKIE, claimsOf, deletionCookies, isExpired, isRedirectable, parseCookies, redirectCookie, tokenCookies, type TokenPair } from "./tokens";
import { cookieScope } from "./cookie-domain";

/**
 * What a session leaves in this browser (SPEC §4, §9): the token cookies, the session marker, the last user for
 * offline starts and the clock's skew. Without React or i18next, so the static sign-in page's island
 * (src/islands/login.ts) stores a session exactly as the app's session store (session-store.ts) does.
 */

/** Marks that this browser had a session, so a return after both tokens expired is told so. */
export const SESSION_MARKER = "fleetforms.session";
/**
 * Issue 20: the last session's user and access token, so a page opened without a signal (a reload in a
 * basement, the installed app started offline) keeps the person signed in; calls renew the token once
 * the connection is back. Removed with everything else in local storage on sign-out.
 */
export const OFFLINE_SESSION = "fleetforms.offlineSession";
/** SPEC §1: a language chosen while logged out, saved to the account at the next sign-in. */
export const LANGUAGE_CHOICE = "fleetforms.languageChoice";
/** How far this device's clock is behind the server's, learnt from fresh tokens, so expiry checks hold on a wrong clock. */
const CLOCK_SKEW = "fleetforms.clockSkewMs";

let skewMs = Number(readPreference(CLOCK_SKEW)) || 0;
export const serverNow = () => Date.now() + skewMs;

export function cookies() {
  return parseCookies(document.cookie);
}

export function liveAccessToken(): string | undefined {
  const token = cookies()[ACCESS_COOKIE];
  return token && !isExpired(claimsOf(token)?.exp, serverNow()) ? token : undefined;
}

/** A token just issued tells the server's time: differences under a minute are noise. */
function learnClock(accessToken: string) {
  const iat = claimsOf(accessToken)?.iat;
  if (iat === undefined) return;
  const measured = iat * 1000 - Date.now();
  skewMs = Math.abs(measured) > 60_000 ? measured : 0;
  writePreference(CLOCK_SKEW, String(skewMs));
}

/** SPEC §9's cookie scope for this host (the shared domain comes from the public-suffix list, loaded on first use). */
let scope: ReturnType<typeof cookieScope> | undefined;
const currentScope = () => (scope ??= cookieScope(window.location.hostname));

/** The token pair in its cookies (each expiring with its token) and the session marker. */
export async function writeTokens(pair: TokenPair) {
  learnClock(pair.access_token);
  const written = tokenCookies(pair, await currentScope(), Date.now(), skewMs);
  for (const cookie of written) document.cookie = cookie;
  writePreference(SESSION_MARKER, "1");
}

export function deleteCookie(name: string) {
  for (const cookie of deletionCookies(name, window.location.hostname)) document.cookie = cookie;
}

/** The token cookies gone; the marker too unless the session ended by itself (`expired`). */
export function forgetTokens(options: { expired?: boolean } = {}) {
  for (const name of [ACCESS_COOKIE, REFRESH_COOKIE]) deleteCookie(name);
  try {
    if (!options.expired) window.localStorage.removeItem(SESSION_MARKER);
  } catch {
    // storage blocked: nothing was kept there either
  }
}

/** SPEC §4: saves where the person was, for after the next sign-in (never /login). */
export function saveRedirect(path: string) {
  const now = Date.now();
  void currentScope().then((where) => {
    const cookie = redirectCookie(path, where, now);
    if (cookie) document.cookie = cookie;
  });
}

/** The saved redirect, once: reading it removes it. */
export function takeRedirect(): string | undefined {
  const path = cookies()[REDIRECT_COOKIE];
  deleteCookie(REDIRECT_COOKIE);
  return path && isRedirectable(path) ? path : undefined;
}

/** Where to go after signing in: the saved redirect, else home (whose guard asks for a company when none is selected). */
export function landingPath(): string {
  return takeRedirect() ?? "/home";
}

/** Issue 20: the user just fetched, kept for a start without a signal. */
export function keepOfflineSession(accessToken: string, user: SessionUser) {
  writePreference(OFFLINE_SESSION, JSON.stringify({ accessToken, user }));
}

/** The last session's user, when the tokens in the cookies are still this person's (or only the refresh token is left). */
export function offlineSession(): { accessToken: string; user: SessionUser } | undefined {
  if (!cookies()[REFRESH_COOKIE] && !liveAccessToken()) return undefined;
  try {
    const kept = JSON.parse(readPreference(OFFLINE_SESSION) ?? "null") as { accessToken?: string; user?: SessionUser } | null;
    if (!kept?.accessToken || !kept.user) return undefined;
    const live = liveAccessToken();
    if (live && claimsOf(live)?.sub !== claimsOf(kept.accessToken)?.sub) return undefined;
    return { accessToken: live ?? kept.accessToken, user: kept.user };
  } catch {
    return undefined;
  }
}
