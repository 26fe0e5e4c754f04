import { describe, expect, it } from "vitest";
import { COMPANY_SORT_COLUMNS } from "@fleetforms/core/company/schemas";
import { SEAT_ROLES } from "@fleetforms/core/user/roles";
import { mergedTranslations } from "../../../../locales-plugin";
import { CLOSENESS_KEYS, COMPANY_STATUSES, LIMIT_KEYS, USAGE_METRICS } from "../types";

const lookup = (tree: unknown, key: string) => key.split(".").reduce<any>((node, part) => node?.[part], tree);

/** Keys the company screens build from lists (statuses, roles, metrics, limits, columns), in both languages. */
const KEYS = [
  ...COMPANY_STATUSES.map((status) => `companies.status.${status}`),
  ...SEAT_ROLES.flatMap((role) => [`companies.roles.${role}`, `companies.roleHints.${role}`]),
  ...USAGE_METRICS.map((metric) => `companies.metrics.${metric}`),
  ...LIMIT_KEYS.flatMap((key) => [`companies.limits.names.${key}`, `companies.limits.short.${key}`]),
  ...CLOSENESS_KEYS.map((key) => `companies.limits.short.${key}`),
  ...["name", "email", "place", "users", "billableUsers", "activeVehicles", "submissionsThisMonth", "lastActivity", "status"].map((column) => `companies.columns.${column}`),
  ...["name", "companyEmail", "companyWebsite", "companyPhone", "companyAddress", "city", "state", "zipCode"].map((field) => `companies.fields.${field}`),
  ...["name", "username", "email", "role", "status", "actions"].map((column) => `companies.people.columns.${column}`),
  ...["active", "inactive"].map((status) => `companies.people.status.${status}`),
  ...["paid", "unpaid"].map((status) => `companies.detail.billing.${status}`),
  // issue 19: the logo upload's failed step picks its message
  ...["uploadUrl", "s3Upload", "validation", "status", "notFound"].map((step) => `companies.settings.uploadErrors.${step}`),
  "companies.sort.asc",
  "companies.sort.desc",
  "common.language.en",
  "common.language.es",
];

describe("company translation keys built from lists", () => {
  it.each(["en", "es"])("exist in %s", (lng) => {
    const tree = mergedTranslations(lng);
    expect(KEYS.filter((key) => typeof lookup(tree, key) !== "string")).toEqual([]);
  });

  it("cover every column the API sorts by that the table shows", () => {
    expect(COMPANY_SORT_COLUMNS).toEqual(expect.arrayContaining(["name", "city", "status"]));
  });
});
