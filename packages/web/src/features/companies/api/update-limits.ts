import type * as z from "@fleetforms/core/util/zod";
import type { LimitsInput } from "@fleetforms/core/company/schemas";
import { api } from "@/lib/api-client";
import type { Company } from "../types";

/** `PUT /company/{id}/limits`: each limit given, a number or null (back to the default). */
export const updateLimits = (companyId: string, input: z.output<typeof LimitsInput>) =>
  api<{ company: Company }>(`/company/${encodeURIComponent(companyId)}/limits`, { method: "PUT", body: input }).then((response) => response.company);
