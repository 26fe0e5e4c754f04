/** What the app layer composes from the auth feature. Pages are loaded lazily by the route files. */
export { SessionProvider } from "./session/session-provider";
export { RequireAuth, type Role } from "./session/require-auth";
export { useSession, type SessionState } from "./session/use-session";
export { addSignOutStep, hasSessionCookies } from "./session/session-store";
