import { api } from "@/lib/api-client";
import type { Member, SeatRole } from "../types";

/** `POST /user/updateRole`: the role of the person's seat in the company. */
export const updateRole = (userId: string, role: SeatRole) => api<{ status: string; data: Member }>("/user/updateRole", { method: "POST", body: { userId, role } }).then((response) => response.data);
