import { api } from "@/lib/api-client";
import type { InvitableRole } from "../types";

export interface Accepted {
  status: "accepted";
  company: { id: string; name: string };
  role: InvitableRole;
}

/** `POST /invitations/{token}/accept`: the signed-in invitee takes the seat. */
export const acceptInvitation = (token: string) => api<Accepted>(`/invitations/${encodeURIComponent(token)}/accept`, { method: "POST", body: {} });
