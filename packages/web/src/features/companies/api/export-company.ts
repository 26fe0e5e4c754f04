import { api } from "@/lib/api-client";
import type { CompanyExport } from "../types";

/** `GET /company/{id}/export`: a ZIP of everything the tenant owns, behind a five-minute link. */
export const exportCompany = (companyId: string) => api<CompanyExport>(`/company/${encodeURIComponent(companyId)}/export`);
