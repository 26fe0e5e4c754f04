import { api } from "@/lib/api-client";

/** `DELETE /company/admin/seat/{seatId}`: the person leaves the company; the account and its other companies stay. */
export const removeSeat = (seatId: string) => api<{ status: string }>(`/company/admin/seat/${encodeURIComponent(seatId)}`, { method: "DELETE" });
