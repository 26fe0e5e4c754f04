import { api } from "@/lib/api-client";
import type { Company } from "../types";

/** `POST /company/{id}/resume`: everything the company had is back. */
export const resumeCompany = (companyId: string) => api<{ company: Company }>(`/company/${encodeURIComponent(companyId)}/resume`, { method: "POST", body: {} }).then((response) => response.company);
