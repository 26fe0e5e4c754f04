import { api } from "@/lib/api-client";
import type { Person, SeatRole } from "../types";

/** `PATCH /company/admin/seat/{seatId}`: the seat's new role (the self and last-orgadmin rules apply). */
export const updateSeat = (seatId: string, role: SeatRole) =>
  api<{ data: Person }>(`/company/admin/seat/${encodeURIComponent(seatId)}`, { method: "PATCH", body: { role } }).then((response) => response.data);
