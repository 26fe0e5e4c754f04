/** SPEC §3 roles. */
export type Role = "user" | "admin" | "viewer" | "inactive" | "orgadmin";
export const ROLES: readonly Role[] = ["user", "admin", "viewer", "inactive", "orgadmin"];

export type SidebarLinkKey = "home" | "forms" | "documents" | "dashboards" | "admin" | "companies";

export interface SidebarLink {
  key: SidebarLinkKey;
  to: string;
}

/** SPEC §2 and §6: admin and orgadmin also get Documents, Dashboards and Admin. */
export const isAdminRole = (role: string | null | undefined): boolean => role === "admin" || role === "orgadmin";

/** The sidebar menu for a role; the company list appears when the token claims more than one company. */
export function sidebarLinks(role: string | null | undefined, companiesCount: number): SidebarLink[] {
  const links: SidebarLink[] = [
    { key: "home", to: "/home" },
    { key: "forms", to: "/forms" },
  ];
  if (isAdminRole(role)) links.push({ key: "documents", to: "/documents" }, { key: "dashboards", to: "/dashboards" }, { key: "admin", to: "/admin" });
  if (companiesCount > 1) links.push({ key: "companies", to: "/company-select" });
  return links;
}

/** SPEC §2: the user block opens the profile route for the role, the user profile by default. */
export function profilePathForRole(role: string | null | undefined): string {
  if (role === "admin") return "/adminProfile";
  if (role === "orgadmin") return "/orgadminProfile";
  return "/userProfile";
}

export const isRole = (value: unknown): value is Role => typeof value === "string" && (ROLES as readonly string[]).includes(value);

/** SPEC §9: the sidebar is 16rem wide, 3rem when collapsed to icons. */
export const SIDEBAR_WIDTH = "16rem";
export const SIDEBAR_COLLAPSED_WIDTH = "3rem";

export const parseCollapsed = (stored: string | null): boolean => stored === "true";
