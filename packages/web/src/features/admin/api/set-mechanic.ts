import { api } from "@/lib/api-client";

/** `PUT /company/admin/seat/{seatId}/mechanic`: whether the person may certify defect repairs (issue 42). */
export const setMechanic = (seatId: string, mechanic: boolean) =>
  api<{ status: string; data: { userId: string; mechanic: boolean } }>(`/company/admin/seat/${encodeURIComponent(seatId)}/mechanic`, { method: "PUT", body: { mechanic } }).then((response) => response.data);
