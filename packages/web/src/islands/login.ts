import { getSessionUser, getUserLang, login, setUserLang, type SessionUser } from "@/features/auth/api/auth-api";
import type { LoginIslandMessages } from "@/features/auth/components/login-card";
import type { Provider } from "@/features/auth/lib/federated-sign-in";
import { LANGUAGE_CHOICE, forgetTokens, keepOfflineSession, landingPath, liveAccessToken, offlineSession, writeTokens } from "@/features/auth/session/stored-session";
import { ApiError, setTokenSource } from "@/lib/api-client";
import { LANGUAGE_STORAGE_KEY, toLanguage, type Language } from "@/lib/i18n-options";
import { isConnectionError } from "@/lib/network-error";
import { readPreference, writePreference } from "@/lib/preferences";

/**
 * The static /login's sign-in form (issue 40), wired without React, React Router or i18next, so the page where
 * the app starts downloads a few kilobytes instead of the app. It does what the app's sign-in does
 * (features/auth/routes/login-page.tsx with session-store.ts's signIn): the same checks and messages, in the
 * page's language (each language copy of the form carries its strings, written at build time:
 * components/login-card.tsx), POST /auth/login, the session stored as the app stores it (stored-session.ts), the
 * user fetched, the language synced with the account (SPEC §1), then a full load of where the app would go.
 * Every language copy shows one state, so switching language keeps the errors, in the other language.
 */
const html = document.documentElement;

/** Why the sign-in failed: an API or client message (translated where the page knows it), or one of the form's own. */
type Failure = { message: string } | { own: "failed" | "serverError" };

interface LoginState {
  missing: { email: boolean; password: boolean };
  failure?: Failure;
  busy: boolean;
}

let state: LoginState = { missing: { email: false, password: false }, busy: false };
const reason = new URLSearchParams(location.search).get("reason");
// the app's guard sends a wrong role here with a notice in the history entry (session/require-auth.tsx); a reload keeps it
const guardNotice = (history.state as { usr?: { notice?: string } } | null)?.usr?.notice;

const forms = () => [...document.querySelectorAll<HTMLFormElement>("form[data-login-form]")];
const messagesOf = (form: HTMLFormElement) => JSON.parse(form.dataset.loginMessages ?? "{}") as LoginIslandMessages;
const known = (message: string) => forms().some((form) => message in messagesOf(form).messages);

/** features/auth/lib/messages.ts useErrorMessage with the sign-in's fallback, decided once for both languages. */
function failureOf(error: unknown): Failure {
  if (error instanceof ApiError && error.status < 500 && error.status !== 404) return error.message ? { message: error.message } : { own: "failed" };
  if (error instanceof ApiError && error.status >= 500) return { own: "serverError" };
  if (error instanceof Error && known(error.message)) return { message: error.message };
  return { own: "failed" };
}

const describe = (failure: Failure, messages: LoginIslandMessages) => ("own" in failure ? messages[failure.own] : (messages.messages[failure.message] ?? failure.message));

/** A field's error under it and wired to it, as components/ui/field.tsx draws one. */
function showFieldError(input: HTMLInputElement | null, message: string | undefined) {
  if (!input) return;
  const id = `${input.id}-error`;
  let line = document.getElementById(id);
  if (!message) {
    line?.remove();
    for (const name of ["aria-invalid", "aria-describedby", "data-invalid"]) input.removeAttribute(name);
    return;
  }
  if (!line) {
    line = document.createElement("p");
    line.id = id;
    line.className = "text-sm font-medium text-red-700";
    input.after(line);
  }
  line.textContent = message;
  input.setAttribute("aria-invalid", "true");
  input.setAttribute("aria-describedby", id);
  input.setAttribute("data-invalid", "true");
}

function render() {
  for (const form of forms()) {
    const copy = form.closest("[data-prerender-lang]") ?? document;
    const messages = messagesOf(form);
    showFieldError(form.querySelector<HTMLInputElement>('input[name="username"]'), state.missing.email ? messages.usernameRequired : undefined);
    showFieldError(form.querySelector<HTMLInputElement>('input[name="password"]'), state.missing.password ? messages.passwordRequired : undefined);
    const error = state.failure ? describe(state.failure, messages) : undefined;
    const notice = (name: string) => copy.querySelector<HTMLElement>(`[data-login-notice="${name}"]`);
    const shown = { expired: reason === "expired", logout: reason === "logout", suspended: reason === "suspended" && !error, accessDenied: guardNotice === "accessDenied", error: Boolean(error) };
    for (const [name, show] of Object.entries(shown)) {
      const element = notice(name);
      if (element) element.hidden = !show;
    }
    const text = notice("error")?.querySelector("[data-login-error]");
    if (text) text.textContent = error ?? "";
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (submit) {
      submit.disabled = state.busy;
      submit.textContent = state.busy ? messages.submitting : messages.submit;
    }
  }
}

/** session-store.ts loadUser: the user, kept for offline starts; without a connection the last one seen; otherwise the tokens go. */
async function loadUser(accessToken: string): Promise<SessionUser | null> {
  try {
    const user = await getSessionUser();
    keepOfflineSession(accessToken, user);
    return user;
  } catch (error) {
    const kept = isConnectionError(error) ? offlineSession() : undefined;
    if (kept) return kept.user;
    forgetTokens();
    // the app's session ends a suspended company's sign-in with that message (SPEC §5, issue 13)
    if (error instanceof ApiError && error.code === "tenant.suspended") throw error;
    return null;
  }
}

/** session-store.ts syncLanguageAfterSignIn: a choice made while signed out goes to the account; otherwise the account's language is kept. */
async function syncLanguage() {
  const choice = readPreference(LANGUAGE_CHOICE);
  try {
    if (choice === "en" || choice === "es") {
      await setUserLang(choice);
      window.localStorage.removeItem(LANGUAGE_CHOICE);
    } else {
      writePreference(LANGUAGE_STORAGE_KEY, toLanguage((await getUserLang()).lang));
    }
  } catch {
    // The language is a preference: a failed sync leaves the current one and tries again at the next sign-in.
  }
}

/** session-store.ts onLanguageChosen: the account's language when signed in, else kept for the next sign-in. */
function languageChosen(lang: Language) {
  if (liveAccessToken()) void setUserLang(lang).catch(() => undefined);
  else writePreference(LANGUAGE_CHOICE, lang);
}

async function signIn(form: HTMLFormElement) {
  const field = (name: string) => form.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const identifier = (field("username")?.value ?? "").trim().toLowerCase();
  const password = field("password")?.value ?? "";
  state = { missing: { email: !identifier, password: !password }, busy: false };
  if (!identifier || !password) return render();
  state = { ...state, busy: true };
  render();
  try {
    const pair = await login({ email: identifier, password, stayLoggedIn: field("stayLoggedIn")?.checked ?? false });
    if (!pair?.access_token || !pair.refresh_token) throw new Error("Invalid login response");
    await writeTokens(pair);
    const user = await loadUser(pair.access_token);
    if (!user) throw new Error("An error occurred while fetching the user");
    await syncLanguage();
    // the app starts where it would have gone (the saved page, else /home, whose guard asks for a company)
    location.replace(landingPath());
  } catch (error) {
    state = { ...state, busy: false, failure: failureOf(error) };
    render();
  }
}

function wireFederated() {
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-federated]")) {
    const failed = button.closest("[data-prerender-lang]")?.querySelector<HTMLElement>("[data-federated-error]");
    button.addEventListener("click", () => {
      if (failed) failed.hidden = true;
      // Amplify comes with the click, as on the app's page
      import("@/features/auth/lib/federated-sign-in")
        .then(({ federatedSignIn }) => federatedSignIn(button.dataset.federated as Provider))
        .catch(() => {
          if (failed) failed.hidden = false;
        });
    });
    button.disabled = false;
  }
}

// src/islands/main.ts runs first: when it handed the page to the app, the app draws the form
if (html.dataset.islands === "ready") {
  setTokenSource(liveAccessToken);
  const chosen = new URLSearchParams(location.search).get("lng");
  if (chosen) languageChosen(toLanguage(chosen));
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-language-toggle]")) button.addEventListener("click", () => languageChosen(toLanguage(button.dataset.languageToggle)));
  for (const form of forms()) {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (!state.busy) void signIn(form);
    });
  }
  wireFederated();
  render();
}
