import i18n, { i18nReady, toLanguage, LANGUAGE_STORAGE_KEY, type Language } from "@/lib/i18n";
import { isConnectionError } from "@/lib/network-error";
import { ApiError, setErrorListener, setTokenSource, setUnauthorizedHandler } from "@/lib/api-client";
import { readPreference, writePreference } from "@/lib/preferences";
import * as AuthApi from "../api/auth-api";
import type { SessionUser } from "../api/auth-api";
import { ACCESS_COOKIE, REFRESH_COOKIE, REFRESH_INTERVAL_MS, claimsOf, expiresSoon, tokensFromHash, type TokenClaims, type TokenPair } from "./tokens";
import {
  LANGUAGE_CHOICE,
  SESSION_MARKER,
  cookies,
  forgetTokens,
  keepOfflineSession,
  liveAccessToken,
  offlineSession,
  saveRedirect,
  serverNow,
  writeTokens,
} from "./stored-session";

export { landingPath, saveRedirect } from "./stored-session";

/**
 * The session of SPEC §4, outside React so the API client, timers and other
 * tabs see one truth: the tokens live in cookies that expire with them.
 */
export interface SessionState {
  /** loading: the user is being fetched; refreshing: the access token is being renewed */
  status: "loading" | "refreshing" | "ready";
  accessToken: string | null;
  claims: TokenClaims | null;
  user: SessionUser | null;
  /** the session ended by itself (both tokens expired, or the refresh was refused) */
  expired: boolean;
  /** logging out: the guard waits instead of sending to /login without the notice */
  signingOut: boolean;
}

let state: SessionState = { status: "loading", accessToken: null, claims: null, user: null, expired: false, signingOut: false };
const listeners = new Set<() => void>();
let navigateTo: (path: string) => void = (path) => window.location.assign(path);

function set(patch: Partial<SessionState>) {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
}

export const getState = () => state;
export function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
export function setNavigator(navigate: (path: string) => void) {
  navigateTo = navigate;
}

setTokenSource(liveAccessToken);
// Any feature's call answered 401 renews the session once; when that fails the session ends as expired (SPEC §4).
setUnauthorizedHandler(() => refresh().catch(() => false));
// Issue 13: a suspended company's people are refused on every call; the session ends and /login says why.
setErrorListener((error) => {
  if (error.status === 403 && error.code === "tenant.suspended" && !state.signingOut) void logout("suspended");
});

function adopt(accessToken: string) {
  set({ accessToken, claims: claimsOf(accessToken), expired: false, signingOut: false });
}

/**
 * Clears tokens and user; `expired` says the session ended on its own rather than by logging out. An
 * expired session keeps the marker: a page loaded next (a reload, another tab) says the session expired
 * too, not just "sign in" (an e2e run reloaded just after the open page had noticed the expiry).
 */
export function clearSession(options: { expired?: boolean } = {}) {
  forgetTokens(options);
  set({ status: "ready", accessToken: null, claims: null, user: null, expired: options.expired ?? false });
}

/** SPEC §4: a failed user fetch clears tokens and user. */
async function loadUser(): Promise<SessionUser | null> {
  try {
    const user = await AuthApi.getSessionUser();
    set({ user, status: "ready" });
    if (state.accessToken) keepOfflineSession(state.accessToken, user);
    return user;
  } catch (error) {
    // issue 20: without a connection the person stays signed in as they were last seen
    if (isConnectionError(error) && resumeOffline()) return state.user;
    clearSession();
    return null;
  }
}


/** The last session's user, when the tokens in the cookies are still this person's (or only the refresh token is left). */
function resumeOffline(): boolean {
  const kept = offlineSession();
  if (!kept) return false;
  set({ accessToken: kept.accessToken, claims: claimsOf(kept.accessToken), user: kept.user, status: "ready", expired: false });
  return true;
}

/** Fetches the session user again (after the profile changed). */
export const reloadUser = () => loadUser();

let inflight: Promise<boolean> | null = null;

/**
 * Renews the access token with the refresh token (rotating it). With
 * `companyId` the new token is for that company (selecting a company).
 * Tabs take turns through a Web Lock, and a tab finding that another one
 * already rotated the shared cookie adopts its tokens instead of replaying
 * the old refresh token (which would revoke the session).
 */
export function refresh(companyId?: string | null): Promise<boolean> {
  if (inflight && companyId === undefined) return inflight;
  const startedWith = cookies()[REFRESH_COOKIE];
  const work = async (): Promise<boolean> => {
    const current = cookies();
    const refreshToken = current[REFRESH_COOKIE];
    if (!refreshToken) {
      if (!liveAccessToken()) clearSession({ expired: true });
      return false;
    }
    const currentAccess = current[ACCESS_COOKIE];
    if (companyId === undefined && refreshToken !== startedWith && currentAccess && !expiresSoon(claimsOf(currentAccess)?.exp, serverNow())) {
      adopt(currentAccess);
      return true;
    }
    try {
      const pair = await AuthApi.refreshTokens({ refresh_token: refreshToken, companyId: companyId === undefined ? (state.claims?.companyId ?? claimsOf(currentAccess)?.companyId ?? null) : companyId });
      await writeTokens(pair);
      adopt(pair.access_token);
      return true;
    } catch (error) {
      // SPEC §4: a refresh answered with invalid_grant clears the tokens.
      if (error instanceof ApiError && (error.body as { error?: string } | undefined)?.error === "invalid_grant") {
        clearSession({ expired: true });
        return false;
      }
      throw error;
    }
  };
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  const run: Promise<boolean> = locks ? locks.request("fleetforms-refresh", () => work()).then((ok) => ok) : work();
  const tracked = run.finally(() => {
    if (inflight === tracked) inflight = null;
  });
  if (companyId === undefined) inflight = tracked;
  return tracked;
}

let applyingAccountLanguage = false;

async function applyLanguage(lang: Language) {
  if (toLanguage(i18n.resolvedLanguage) === lang) return;
  applyingAccountLanguage = true;
  try {
    await i18n.changeLanguage(lang);
  } finally {
    applyingAccountLanguage = false;
  }
}

/** SPEC §1: a choice made while logged out goes to the account; otherwise the account's language is applied. */
async function syncLanguageAfterSignIn() {
  const choice = readPreference(LANGUAGE_CHOICE);
  try {
    if (choice === "en" || choice === "es") {
      await AuthApi.setUserLang(choice);
      window.localStorage.removeItem(LANGUAGE_CHOICE);
    } else {
      const { lang } = await AuthApi.getUserLang();
      await applyLanguage(toLanguage(lang));
    }
  } catch {
    // The language is a preference: a failed sync leaves the current one and tries again at the next sign-in.
  }
}

function onLanguageChosen(lang: Language) {
  if (applyingAccountLanguage) return;
  if (liveAccessToken()) void AuthApi.setUserLang(lang).catch(() => undefined);
  else writePreference(LANGUAGE_CHOICE, lang);
}

/** Starts a session from a token pair (sign-in, registration, SMS link): cookies, user, language. */
export async function signIn(pair: TokenPair): Promise<SessionUser | null> {
  await writeTokens(pair);
  adopt(pair.access_token);
  set({ status: "loading" });
  const user = await loadUser();
  if (user) await syncLanguageAfterSignIn();
  return user;
}

/** SPEC §4: selecting a company switches the session to it. */
export async function selectCompany(companyId: string) {
  const switched = await refresh(companyId);
  if (!switched) return false;
  set({ status: "loading" });
  return (await loadUser()) !== null;
}

const signOutSteps = new Set<(userId: string) => Promise<void>>();
/**
 * Issue 20: work the app does on signing out before the session goes (removing the person's offline
 * data), registered by the signed-in frame's chunk so the public pages' JavaScript carries none of it.
 */
export function addSignOutStep(step: (userId: string) => Promise<void>): void {
  signOutSteps.add(step);
}

/**
 * SPEC §4: logout clears the user, the tokens and local storage (the
 * interface language stays: it belongs to the device, not the account),
 * saves the current path and goes to /login?reason=logout (or reason=suspended when the company's
 * access was suspended).
 */
export async function logout(reason: "logout" | "suspended" = "logout") {
  const refreshToken = cookies()[REFRESH_COOKIE];
  const userId = state.claims?.sub;
  set({ signingOut: true });
  // issue 20: on a shared device nothing of the person stays: forms, drafts and waiting submissions kept for offline use
  if (userId) for (const step of signOutSteps) await step(userId).catch((error: unknown) => console.warn("device data not removed", error));
  if (liveAccessToken()) await AuthApi.logout(refreshToken).catch(() => undefined);
  const language = readPreference(LANGUAGE_STORAGE_KEY);
  clearSession();
  try {
    window.localStorage.clear();
  } catch {
    // storage blocked: nothing to clear
  }
  if (language) writePreference(LANGUAGE_STORAGE_KEY, language);
  saveRedirect(window.location.pathname + window.location.search);
  navigateTo(`/login?reason=${reason}`);
}

/** The 5-minute check (SPEC §9), also run when the tab becomes visible again. */
function check(force: boolean) {
  const current = cookies();
  if (!current[REFRESH_COOKIE]) {
    if (state.accessToken && !liveAccessToken()) clearSession({ expired: true });
    return;
  }
  if (force || expiresSoon(claimsOf(current[ACCESS_COOKIE])?.exp, serverNow())) void refresh().catch(() => undefined);
}

let started = false;

/** Once per page: tokens from the URL hash, the session from the cookies, the timers and the language watch. */
/** The session from the cookies: kept, refreshed first, or cleared (SPEC §4, §9). */
function resumeFromCookies() {
  const current = cookies();
  const access = liveAccessToken();
  const keep = (token: string) => {
    adopt(token);
    void loadUser();
  };
  if (access && (!expiresSoon(claimsOf(access)?.exp, serverNow()) || !current[REFRESH_COOKIE])) {
    keep(access);
  } else if (current[REFRESH_COOKIE]) {
    // SPEC §9: fewer than 5 minutes left (or none): refresh first, then fetch the user with the new token.
    set({ status: "refreshing" });
    refresh()
      .then((ok) => (ok ? loadUser() : null))
      .catch((error: unknown) => {
        const still = liveAccessToken();
        if (still) keep(still);
        else if (!(isConnectionError(error) && resumeOffline())) clearSession();
      });
  } else {
    // SPEC §4: both tokens expired (their cookies are gone) after a session here: clear and say so.
    clearSession({ expired: readPreference(SESSION_MARKER) === "1" });
  }
}

export function start() {
  if (started) return;
  started = true;

  const fromHash = tokensFromHash(window.location.hash, serverNow());
  if (fromHash.present) window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
  if (fromHash.pair) void writeTokens(fromHash.pair).then(resumeFromCookies, resumeFromCookies);
  else resumeFromCookies();

  // One tab leads the 5-minute refresh: tabs share the cookies, and a tab reading them a moment after
  // another rotated the refresh token could otherwise present the spent one and end the session.
  const lead = () => window.setInterval(() => check(true), REFRESH_INTERVAL_MS);
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (locks) void locks.request("fleetforms-session-leader", () => new Promise<void>(() => lead()));
  else lead();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check(false);
  });
  // issue 20: a session resumed offline renews its token as soon as the connection is back
  window.addEventListener("online", () => check(false));

  void i18nReady.then(() => {
    const fromQuery = new URLSearchParams(window.location.search).get("lng");
    if (fromQuery) onLanguageChosen(toLanguage(fromQuery));
    i18n.on("languageChanged", (lng) => onLanguageChosen(toLanguage(lng)));
  });
}

/** For the route guard: the landing spot after a refused or missing session. */
export function goToLogin(reason?: "expired") {
  navigateTo(reason ? `/login?reason=${reason}` : "/login");
}

/** SPEC §2 fallback: whether the browser holds a token with a selected company (read from the cookies, no request). */
export function hasSessionCookies(): { token: boolean; company: boolean } {
  const current = cookies();
  const access = liveAccessToken();
  return { token: Boolean(access || current[REFRESH_COOKIE]), company: Boolean(claimsOf(access ?? current[ACCESS_COOKIE])?.companyId) };
}

/** Called once the app has arrived at /login after a logout: protected pages may redirect again. */
export function signOutArrived() {
  if (state.signingOut) set({ signingOut: false });
}
