import { describe, expect, it } from "vitest";
import { INVITABLE_ROLES } from "@fleetforms/core/invitation/schemas";
import { ROLES, SEAT_ROLES } from "@fleetforms/core/user/roles";
import { mergedTranslations } from "../../../../locales-plugin";
import { SORT_COLUMNS, STATUSES } from "../types";

const lookup = (tree: unknown, key: string) => key.split(".").reduce<any>((node, part) => node?.[part], tree);
const PLURALS = ["", "_one", "_other"];

/** Keys the admin screens build from lists (roles, statuses, columns, sections), in both languages. */
const KEYS = [
  ...ROLES.map((role) => `admin.roles.${role}`),
  ...SEAT_ROLES.map((role) => `admin.roleHints.${role}`),
  ...INVITABLE_ROLES.map((role) => `admin.roles.${role}`),
  ...STATUSES.map((status) => `admin.status.${status}`),
  ...SORT_COLUMNS.map((column) => `admin.users.columns.${column}`),
  "admin.users.sort.asc",
  "admin.users.sort.desc",
  ...["users", "forms", "vehicles", "billing", "reports", "company", "dashboards", "companies"].flatMap((section) => [`admin.sections.${section}.title`, `admin.sections.${section}.text`]),
  ...["users", "forms", "vehicles", "companies"].map((section) => `admin.sections.${section}.unit`),
  ...["pendingInvitations", "inactiveUsers", "inactiveForms", "inactiveVehicles"].map((key) => `admin.home.attention.${key}`),
  "common.language.en",
  "common.language.es",
];

describe("admin translation keys built from lists", () => {
  it.each(["en", "es"])("exist in %s", (lng) => {
    const tree = mergedTranslations(lng);
    expect(KEYS.filter((key) => PLURALS.every((suffix) => typeof lookup(tree, `${key}${suffix}`) !== "string"))).toEqual([]);
  });
});
