import type * as z from "@fleetforms/core/util/zod";
import type { CompanyEdit } from "@fleetforms/core/company/schemas";
import { api } from "@/lib/api-client";
import type { Company } from "../types";

/** `PUT /company/{id}` with the version read: a stale one is `409 record.stale`. */
export const updateCompany = (companyId: string, input: z.output<typeof CompanyEdit>) =>
  api<{ company: Company }>(`/company/${encodeURIComponent(companyId)}`, { method: "PUT", body: input }).then((response) => response.company);
