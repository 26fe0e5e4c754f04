import { api } from "@/lib/api-client";

/** `DELETE /user/invitations/{id}`: withdraws a pending invitation; its link then says so. */
export const revokeInvitation = (id: string) => api<unknown>(`/user/invitations/${encodeURIComponent(id)}`, { method: "DELETE" });
