import { api } from "@/lib/api-client";
import type { TokenPair } from "../session/tokens";

/** SPEC §3 "Session user", as `GET /auth/user` returns it. */
export interface SessionUser {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  lang: "en" | "es";
  role: "user" | "admin" | "viewer" | "inactive" | "orgadmin";
  companyId: string | null;
  company: { id: string; name: string } | null;
  isProviderAdmin: boolean;
  tokenClaims: { exp: number; companyId: string | null; role: string; companies: number };
}

export const login = (body: { email: string; password: string; stayLoggedIn: boolean }) => api<TokenPair>("/auth/login", { method: "POST", body, auth: false });

export const refreshTokens = (body: { refresh_token: string; companyId?: string | null }) => api<TokenPair>("/auth/refresh", { method: "POST", body, auth: false });

export const logout = (refreshToken: string | undefined) => api<{ success: boolean }>("/auth/logout", { method: "POST", body: { refresh_token: refreshToken } });

export const getSessionUser = () => api<SessionUser>("/auth/user");

export const setUserLang = (lang: "en" | "es") => api<{ lang: string }>("/user/setUserLang", { method: "PUT", body: { lang } });

export const getUserLang = () => api<{ lang: string }>("/user/getUserLang");
