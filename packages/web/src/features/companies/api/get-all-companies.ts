import { api } from "@/lib/api-client";
import type { Company } from "../types";

/** `GET /company/admin/all` without `limit`: every company (id and name are what the account search needs). */
export const getAllCompanies = () => api<{ companies: Company[] }>("/company/admin/all").then((response) => response.companies);
