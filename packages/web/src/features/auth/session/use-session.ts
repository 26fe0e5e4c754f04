import { useSyncExternalStore } from "react";
import { getState, logout, refresh, reloadUser, selectCompany, signIn, subscribe, landingPath, type SessionState } from "./session-store";

export type { SessionState } from "./session-store";

/** The session (SPEC §4) and what can be done with it. */
export function useSession(): SessionState & {
  signIn: typeof signIn;
  logout: typeof logout;
  refresh: typeof refresh;
  selectCompany: typeof selectCompany;
  landingPath: typeof landingPath;
  reloadUser: typeof reloadUser;
} {
  const state = useSyncExternalStore(subscribe, getState, getState);
  return { ...state, signIn, logout, refresh, selectCompany, landingPath, reloadUser };
}
