import { Company } from "@fleetforms/core/company/index";
import { http } from "../lib/http";

export const handler = http({}, async () => ({ companies: (await Company.listAll()).map(Company.present) }));
