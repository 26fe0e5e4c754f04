import useSWR from "swr";
import { api } from "@/lib/api-client";
import type { Invitation } from "../types";

/** `GET /invitations/{token}` (no auth): what the link opens, for the accept page. */
export async function getInvitation(token: string): Promise<Invitation> {
  const response = await api<{ invitation: Invitation }>(`/invitations/${encodeURIComponent(token)}`, { auth: false });
  return response.invitation;
}

export const invitationKey = (token: string) => ["invitation", token] as const;

// a 404 is an answer (the link is invalid), not a hiccup to retry
export function useInvitation(token: string | null) {
  return useSWR(token ? invitationKey(token) : null, ([, value]) => getInvitation(value), { shouldRetryOnError: false, revalidateOnFocus: false });
}
