import { api } from "@/lib/api-client";
import type { Company } from "../types";

/** `POST /company/{id}/suspend {reason}`: its people are refused until it is resumed; nothing is deleted. */
export const suspendCompany = (companyId: string, reason: string) =>
  api<{ company: Company }>(`/company/${encodeURIComponent(companyId)}/suspend`, { method: "POST", body: { reason } }).then((response) => response.company);
