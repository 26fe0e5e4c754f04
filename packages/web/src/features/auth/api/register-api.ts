import { api } from "@/lib/api-client";
import type { RegistrationPayload } from "@fleetforms/core/auth/schemas";
import type { TokenPair } from "../session/tokens";

/** `POST /auth/register/user-and-company` with the SPEC §3 registration payload. */
export const registerUserAndCompany = (payload: Partial<Record<keyof RegistrationPayload, unknown>>) =>
  api<TokenPair>("/auth/register/user-and-company", { method: "POST", body: payload, auth: false });

export interface RegisteringUser {
  username: string;
  firstName: string;
  lastName: string;
  phone?: string;
  lang: "en" | "es";
}

/** `POST /auth/register`: an invited user with the registration token, or e-mail and password. */
export const register = (body: { user: RegisteringUser; registration_token?: string; email?: string; password: string }) =>
  api<TokenPair>("/auth/register", { method: "POST", body, auth: false });
