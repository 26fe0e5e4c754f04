import { api } from "@/lib/api-client";
import type { Person, SeatRole } from "../types";

/** `POST /company/admin/seat`: an existing account joins the company with a role. */
export const addSeat = (input: { userId: string; companyId: string; role: SeatRole }) => api<{ data: Person }>("/company/admin/seat", { method: "POST", body: input }).then((response) => response.data);
