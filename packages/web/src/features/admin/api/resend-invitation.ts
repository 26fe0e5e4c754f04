import { api } from "@/lib/api-client";

/** `POST /user/invitations/{id}/resend`: a new link and a new week; the old link stops working. */
export const resendInvitation = (id: string) => api<{ status: string }>(`/user/invitations/${encodeURIComponent(id)}/resend`, { method: "POST" });
