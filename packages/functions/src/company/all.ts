import * as Companies from "@fleetforms/core/company/operations";
import { http } from "../lib/http";

/** Every company (provider administrators): searched, filtered, sorted; paged with each company's figures when a page size is given. */
export const handler = http({ query: Companies.CompanyListQuery }, async ({ query }) => Companies.list(query));
