import { api } from "@/lib/api-client";
import type { TokenPair } from "../types";

export interface InvitedPerson {
  username: string;
  firstName: string;
  lastName: string;
  lang: "en" | "es";
}

/** SPEC §7 `POST /auth/register {user, registration_token}`: the invitation link's token registers the invitee into the company. */
export const registerWithInvitation = (body: { user: InvitedPerson; registration_token: string; password: string }) =>
  api<TokenPair>("/auth/register", { method: "POST", body, auth: false });
