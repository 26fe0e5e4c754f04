import type * as z from "@fleetforms/core/util/zod";
import type { CompanyCreate } from "@fleetforms/core/company/schemas";
import { api } from "@/lib/api-client";
import type { CreatedCompany } from "../types";

/** `POST /company/admin/create`: the company, with its first orgadmin invited by e-mail. */
export const createCompany = (input: z.output<typeof CompanyCreate>) => api<{ data: CreatedCompany }>("/company/admin/create", { method: "POST", body: input }).then((response) => response.data);
