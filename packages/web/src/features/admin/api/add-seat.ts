import { api } from "@/lib/api-client";
import type { Member, SeatRole } from "../types";

/** `POST /company/admin/seat`: an existing account joins a company with a role (provider administrators: any company). */
export const addSeat = (input: { userId: string; companyId: string; role: SeatRole }) => api<{ status: string; data: Member }>("/company/admin/seat", { method: "POST", body: input }).then((response) => response.data);
