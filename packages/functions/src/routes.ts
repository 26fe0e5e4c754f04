import type { AccessRule } from "@fleetforms/core/auth/access";
import type { ApiScope } from "@fleetforms/core/apikey/scopes";
import { routeKey } from "./lib/route";

export { routeKey };

/** What a route's Lambda is bound to in AWS (and given by the local stack). */
export type Resource = "table" | "bucket" | "jwt" | "mail" | "sms" | "metabase" | "stripe" | "pdf" | "queue" | "webhooks";

export interface RouteDef {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** API Gateway style: `/form/{formId}`. No trailing slash (API Gateway refuses them; the local server strips them). */
  path: string;
  /** file under packages/functions/src exporting `handler` */
  handler: string;
  /** DESIGN §4: public | token | company | the roles allowed */
  access: AccessRule;
  /**
   * Issue 36: a token naming a suspended company is refused (403 tenant.suspended) on every route but those
   * marked here, the few its person needs to leave the tenant. core/auth/access.ts `authorize` applies it.
   */
  whileSuspended?: "allowed";
  /**
   * Issue 41: the one scope a company API key needs to call this route (`Authorization: Bearer ffk_…`);
   * a route without one refuses every key (403 apikey.scope). core/apikey/access.ts applies it.
   */
  scope?: ApiScope;
  /** resources beyond the table, which every route gets */
  uses?: Resource[];
  /** largest accepted request body; defaults to 1 MiB */
  maxBodyBytes?: number;
  /** Lambda settings for the heavy routes */
  memorySize?: number;
  timeoutSeconds?: number;
}

const ADMINS = ["admin", "orgadmin"] as const;
const PROVIDER_ADMIN = ["admin"] as const;
/** Everyone who fills in forms: viewers read but never write (DESIGN §4). */
const WRITERS = ["user", "admin", "orgadmin"] as const;
/** Issue 42: orgadmins and provider admins, and users only when their seat is marked mechanic (core defect `mayCertify` reads the seat). */
const CERTIFIERS = ["user", "admin", "orgadmin"] as const;

/**
 * The route table: the one list of endpoints. `stacks/Api.ts` makes a Lambda
 * of each, the local stack mounts each, the middleware enforces `access`, and
 * the access-matrix test attacks each.
 */
export const routes: readonly RouteDef[] = [
  // --- platform ---
  { method: "GET", path: "/health", handler: "health/get", access: "public", uses: ["bucket"] },
  // the API's OpenAPI 3.1 document (issue 41), written by scripts/openapi.ts; the reference page /developers/api renders it
  { method: "GET", path: "/openapi.json", handler: "openapi/get", access: "public" },

  // --- sign-in, sessions, registration, companies, profile (SPEC §7 Authentication, Companies, Users) ---
  { method: "POST", path: "/auth/login", handler: "auth/login", access: "public", uses: ["jwt"] },
  { method: "POST", path: "/auth/refresh", handler: "auth/refresh", access: "public", uses: ["jwt"] },
  { method: "POST", path: "/auth/logout", handler: "auth/logout", access: "token", uses: ["jwt"], whileSuspended: "allowed" },
  { method: "GET", path: "/auth/user", handler: "auth/user", access: "token", uses: ["jwt"] },
  { method: "POST", path: "/auth/register/user-and-company", handler: "auth/register-user-and-company", access: "public", uses: ["jwt"] },
  { method: "POST", path: "/auth/register", handler: "auth/register", access: "public", uses: ["jwt"] },
  // the public site's own contact form (issue 19, docs/api-contact.md): throttled per address, with a honeypot
  { method: "POST", path: "/contact", handler: "contact/submit", access: "public", uses: ["mail"] },
  { method: "POST", path: "/auth/send-reset-password", handler: "auth/send-reset-password", access: "public", uses: ["mail"] },
  { method: "POST", path: "/auth/reset-password", handler: "auth/reset-password", access: "public" },
  { method: "PUT", path: "/auth/resetPassword", handler: "auth/change-password", access: "token", uses: ["jwt"] },
  { method: "POST", path: "/auth/request-sms-login", handler: "auth/request-sms-login", access: "public", uses: ["sms"] },
  { method: "POST", path: "/auth/verify-sms-login", handler: "auth/verify-sms-login", access: "public", uses: ["jwt"] },

  { method: "GET", path: "/company", handler: "company/list", access: "token", uses: ["jwt"], whileSuspended: "allowed" },
  { method: "GET", path: "/company/admin/all", handler: "company/all", access: PROVIDER_ADMIN, uses: ["jwt"] },
  { method: "GET", path: "/company/{id}", handler: "company/get", access: "token", uses: ["jwt"] },
  // company administration (issue 12, docs/api-admin.md): orgadmins their own company, provider admins any
  { method: "GET", path: "/company/admin/summary", handler: "company/summary", access: ADMINS, uses: ["jwt"] },
  { method: "GET", path: "/company/{id}/users", handler: "company/users", access: ADMINS, uses: ["jwt"] },
  { method: "GET", path: "/company/admin/users/{id}", handler: "company/users", access: ADMINS, uses: ["jwt"] },
  // issue 36: only a provider administrator seats an existing account; an orgadmin invites (POST /user/invite)
  { method: "POST", path: "/company/admin/seat", handler: "company/seat-add", access: PROVIDER_ADMIN, uses: ["jwt"] },
  // provider operations per tenant (issue 13, docs/api-companies.md)
  { method: "POST", path: "/company/admin/create", handler: "company/create", access: PROVIDER_ADMIN, uses: ["jwt", "mail"] },
  { method: "GET", path: "/company/admin/usage", handler: "company/usage-all", access: PROVIDER_ADMIN, uses: ["jwt"] },
  { method: "PUT", path: "/company/{id}", handler: "company/update", access: ADMINS, uses: ["jwt"] },
  { method: "GET", path: "/company/{id}/usage", handler: "company/usage", access: ADMINS, uses: ["jwt"] },
  { method: "PUT", path: "/company/{id}/limits", handler: "company/limits", access: PROVIDER_ADMIN, uses: ["jwt"] },
  { method: "POST", path: "/company/{id}/suspend", handler: "company/suspend", access: PROVIDER_ADMIN, uses: ["jwt"] },
  { method: "POST", path: "/company/{id}/resume", handler: "company/resume", access: PROVIDER_ADMIN, uses: ["jwt"] },
  { method: "GET", path: "/company/{id}/export", handler: "company/export", access: PROVIDER_ADMIN, uses: ["jwt", "bucket"], memorySize: 1024, timeoutSeconds: 60 },
  { method: "PATCH", path: "/company/admin/seat/{id}", handler: "company/seat-update", access: ADMINS, uses: ["jwt"] },
  { method: "DELETE", path: "/company/admin/seat/{id}", handler: "company/seat-remove", access: ADMINS, uses: ["jwt"] },

  { method: "GET", path: "/user/getUsersbyCompany", handler: "user/list-by-company", access: ADMINS, uses: ["jwt"] },
  { method: "POST", path: "/user/editUser", handler: "user/edit-user", access: ADMINS, uses: ["jwt"] },
  { method: "POST", path: "/user/add", handler: "user/add", access: ADMINS, uses: ["jwt", "mail"] },
  { method: "POST", path: "/user/updateRole", handler: "user/update-role", access: ADMINS, uses: ["jwt"] },
  { method: "POST", path: "/user/adminResetPassword", handler: "user/admin-reset-password", access: ADMINS, uses: ["jwt", "mail"] },
  { method: "POST", path: "/user/sendEmail", handler: "user/send-email", access: ADMINS, uses: ["jwt", "mail"] },
  { method: "POST", path: "/user/invite", handler: "user/invite", access: ADMINS, uses: ["jwt", "mail"] },
  { method: "GET", path: "/user/invitations", handler: "user/invitation-list", access: ADMINS, uses: ["jwt"] },
  { method: "POST", path: "/user/invitations/{id}/resend", handler: "user/invitation-resend", access: ADMINS, uses: ["jwt", "mail"] },
  { method: "DELETE", path: "/user/invitations/{id}", handler: "user/invitation-revoke", access: ADMINS, uses: ["jwt"] },
  // the invitation link: the accept page reads it signed out; accepting needs the invited person signed in, no company yet
  { method: "GET", path: "/invitations/{token}", handler: "invitations/get", access: "public" },
  { method: "POST", path: "/invitations/{token}/accept", handler: "invitations/accept", access: "token", uses: ["jwt"] },
  { method: "GET", path: "/user/getProfile", handler: "user/get-profile", access: "token", uses: ["jwt"] },
  { method: "POST", path: "/user/editUserProfile", handler: "user/edit-profile", access: "token", uses: ["jwt"] },
  { method: "PUT", path: "/user/setUserLang", handler: "user/set-lang", access: "token", uses: ["jwt"] },
  { method: "GET", path: "/user/getUserLang", handler: "user/get-lang", access: "token", uses: ["jwt"] },

  // --- forms, templates, submissions, assets, PDFs (SPEC §7 Form templates, Forms, Submissions, Assets) ---
  { method: "GET", path: "/form", handler: "form/list", access: "company", uses: ["jwt"], scope: "forms:read" },
  { method: "POST", path: "/form", handler: "form/save", access: ADMINS, uses: ["jwt"] },
  { method: "GET", path: "/form/vehicles", handler: "form/vehicles", access: "company", uses: ["jwt"] },
  { method: "GET", path: "/form/template/{id}", handler: "form/get-template", access: ADMINS, uses: ["jwt"] },
  { method: "POST", path: "/form/template/{id}", handler: "form/save-template", access: ADMINS, uses: ["jwt"] },
  { method: "DELETE", path: "/form/template/{id}", handler: "form/delete-template", access: ADMINS, uses: ["jwt"] },
  { method: "POST", path: "/form/template/{id}/preview", handler: "form/preview-template", access: ADMINS, uses: ["jwt", "bucket", "pdf"], memorySize: 1536, timeoutSeconds: 30 },
  { method: "GET", path: "/form/{formId}", handler: "form/get", access: "company", uses: ["jwt"], scope: "forms:read" },
  { method: "POST", path: "/form/{formId}/edit", handler: "form/edit-definition", access: ADMINS, uses: ["jwt"] },

  // --- the fleet register (issue 14, docs/api-vehicles.md): everyone with a seat reads, administrators write ---
  { method: "GET", path: "/vehicles", handler: "vehicles/list", access: "company", uses: ["jwt"], scope: "vehicles:read" },
  { method: "POST", path: "/vehicles", handler: "vehicles/create", access: ADMINS, uses: ["jwt", "webhooks"], scope: "vehicles:write" },
  { method: "GET", path: "/vehicles/export", handler: "vehicles/export", access: "company", uses: ["jwt"] },
  { method: "POST", path: "/vehicles/import", handler: "vehicles/import", access: ADMINS, uses: ["jwt"], maxBodyBytes: 2 * 1024 * 1024 + 64 * 1024, timeoutSeconds: 60 },
  { method: "GET", path: "/vehicles/{id}", handler: "vehicles/get", access: "company", uses: ["jwt"], scope: "vehicles:read" },
  { method: "PUT", path: "/vehicles/{id}", handler: "vehicles/update", access: ADMINS, uses: ["jwt", "webhooks"], scope: "vehicles:write" },
  { method: "DELETE", path: "/vehicles/{id}", handler: "vehicles/delete", access: ADMINS, uses: ["jwt"] },
  // defects through to repair, the DVIR (issue 42, docs/api-defects.md): everyone with a seat reads; orgadmins and mechanics certify
  { method: "GET", path: "/vehicles/out-of-service", handler: "defects/out-of-service", access: "company", uses: ["jwt"] },
  { method: "GET", path: "/vehicles/{id}/defects", handler: "defects/list", access: "company", uses: ["jwt"] },
  { method: "GET", path: "/vehicles/{id}/review", handler: "defects/review", access: "company", uses: ["jwt"] },
  { method: "POST", path: "/vehicles/{id}/defects/{defectId}/certify", handler: "defects/certify", access: CERTIFIERS, uses: ["jwt"] },
  { method: "PUT", path: "/company/admin/seat/{id}/mechanic", handler: "defects/mechanic", access: ADMINS, uses: ["jwt"] },
  // emissions from the fuel logs (issue 42, docs/api-emissions.md): a vehicle's for everyone with a seat (a user
  // counts their own fills), the company's for those who read every submission
  { method: "GET", path: "/vehicles/{id}/emissions", handler: "emissions/vehicle", access: "company", uses: ["jwt"] },
  { method: "GET", path: "/emissions", handler: "emissions/company", access: ["viewer", "admin", "orgadmin"], uses: ["jwt"] },

  { method: "GET", path: "/submissions", handler: "submissions/list", access: "company", uses: ["jwt"], scope: "submissions:read" },
  { method: "POST", path: "/submissions/save", handler: "submissions/save", access: WRITERS, uses: ["jwt", "webhooks"] },
  { method: "GET", path: "/submissions/preview/{id}", handler: "submissions/preview", access: "company", uses: ["jwt"] },
  { method: "GET", path: "/submissions/download/{id}", handler: "submissions/download", access: "company", uses: ["jwt", "bucket", "pdf"], memorySize: 1536, timeoutSeconds: 30, scope: "submissions:read" },
  { method: "GET", path: "/submissions/shared/{token}", handler: "submissions/shared", access: "public", uses: ["bucket", "pdf"], memorySize: 1536, timeoutSeconds: 30 },
  { method: "GET", path: "/submissions/shared/{token}/info", handler: "submissions/shared-info", access: "public" },
  // the list's exports (issue 18, docs/api-reports.md): one-off reports for whoever can read the list
  { method: "POST", path: "/submissions/export", handler: "submissions/export", access: "company", uses: ["jwt", "queue"] },
  { method: "GET", path: "/submissions/exports/{id}", handler: "submissions/export-status", access: "company", uses: ["jwt"] },
  { method: "GET", path: "/submissions/{id}", handler: "submissions/get", access: "company", uses: ["jwt"], scope: "submissions:read" },
  { method: "GET", path: "/submissions/{id}/history", handler: "submissions/history", access: "company", uses: ["jwt"] },
  { method: "POST", path: "/submissions/{id}/amend", handler: "submissions/amend", access: WRITERS, uses: ["jwt", "webhooks"] },
  { method: "POST", path: "/submissions/{id}/approve", handler: "submissions/approve", access: ADMINS, uses: ["jwt", "mail", "webhooks"] },
  { method: "POST", path: "/submissions/{id}/send-back", handler: "submissions/send-back", access: ADMINS, uses: ["jwt", "mail"] },
  { method: "POST", path: "/submissions/{id}/share", handler: "submissions/share", access: WRITERS, uses: ["jwt"] },
  { method: "GET", path: "/submissions/{id}/shares", handler: "submissions/list-shares", access: ADMINS, uses: ["jwt"] },
  { method: "DELETE", path: "/submissions/{id}/shares/{shareId}", handler: "submissions/revoke-share", access: ADMINS, uses: ["jwt"] },

  { method: "POST", path: "/assets", handler: "assets/upload", access: WRITERS, uses: ["jwt", "bucket"], maxBodyBytes: 4 * 1024 * 1024 + 64 * 1024 },
  { method: "POST", path: "/assets/token", handler: "assets/token", access: "company", uses: ["jwt"] },
  { method: "GET", path: "/assets/{id}", handler: "assets/get", access: "company", uses: ["jwt"] },
  { method: "GET", path: "/assets/content/{id}", handler: "assets/content", access: "company", uses: ["jwt", "bucket"] },
  { method: "GET", path: "/assets/token/content/{id}", handler: "assets/token-content", access: "public", uses: ["jwt", "bucket"] },
  { method: "POST", path: "/v2/assets/upload-url", handler: "assets/upload-url", access: WRITERS, uses: ["jwt", "bucket"] },
  { method: "GET", path: "/v2/assets/company", handler: "assets/list", access: "company", uses: ["jwt"], scope: "documents:read" },
  { method: "GET", path: "/v2/assets/{id}", handler: "assets/get", access: "company", uses: ["jwt"], scope: "documents:read" },
  { method: "PUT", path: "/v2/assets/{id}", handler: "assets/update", access: WRITERS, uses: ["jwt"] },
  { method: "DELETE", path: "/v2/assets/{id}", handler: "assets/delete", access: WRITERS, uses: ["jwt", "bucket"] },
  { method: "POST", path: "/v2/assets/{id}/validate", handler: "assets/validate", access: WRITERS, uses: ["jwt", "bucket"] },
  { method: "GET", path: "/v2/assets/{id}/status", handler: "assets/status", access: "company", uses: ["jwt"] },
  { method: "GET", path: "/v2/assets/{id}/content", handler: "assets/content", access: "company", uses: ["jwt", "bucket"], scope: "documents:read" },
  { method: "GET", path: "/v2/assets/{id}/src", handler: "assets/src", access: "company", uses: ["jwt", "bucket"] },
  { method: "GET", path: "/v2/assets/token/{id}/content", handler: "assets/token-content", access: "public", uses: ["jwt", "bucket"] },
  { method: "GET", path: "/v2/assets/token/{id}/src", handler: "assets/token-src", access: "public", uses: ["jwt", "bucket"] },
  // document categories (issue 15, docs/api-documents.md): everyone reads; admins write; global ones provider admins only
  { method: "GET", path: "/v2/asset-categories", handler: "documents/category-list", access: "company", uses: ["jwt"], scope: "documents:read" },
  { method: "GET", path: "/v2/asset-categories/{id}", handler: "documents/category-get", access: "company", uses: ["jwt"] },
  { method: "POST", path: "/v2/asset-categories", handler: "documents/category-create", access: ADMINS, uses: ["jwt"] },
  { method: "PUT", path: "/v2/asset-categories/{id}", handler: "documents/category-update", access: ADMINS, uses: ["jwt"] },
  { method: "DELETE", path: "/v2/asset-categories/{id}", handler: "documents/category-delete", access: ADMINS, uses: ["jwt"] },

  // dashboards, home and activity (issue 16, docs/api-dashboards.md): dashboards are managed by provider administrators
  { method: "GET", path: "/dashboards", handler: "dashboards/list", access: "company", uses: ["jwt"] },
  { method: "GET", path: "/dashboards/{id}", handler: "dashboards/get", access: "company", uses: ["jwt", "metabase"] },
  { method: "POST", path: "/dashboards", handler: "dashboards/create", access: PROVIDER_ADMIN, uses: ["jwt"] },
  { method: "PUT", path: "/dashboards/{id}", handler: "dashboards/update", access: PROVIDER_ADMIN, uses: ["jwt"] },
  { method: "DELETE", path: "/dashboards/{id}", handler: "dashboards/delete", access: PROVIDER_ADMIN, uses: ["jwt"] },
  { method: "POST", path: "/dashboards/{id}/companies", handler: "dashboards/associate", access: PROVIDER_ADMIN, uses: ["jwt"] },
  { method: "DELETE", path: "/dashboards/{id}/companies/{companyId}", handler: "dashboards/dissociate", access: PROVIDER_ADMIN, uses: ["jwt"] },
  { method: "POST", path: "/dashboards/{id}/pin", handler: "dashboards/pin", access: "company", uses: ["jwt"] },
  { method: "DELETE", path: "/dashboards/{id}/pin", handler: "dashboards/pin", access: "company", uses: ["jwt"] },
  // billing and payments (issue 17, docs/api-billing.md): a company's administrators see and pay its months
  { method: "GET", path: "/billing", handler: "billing/list", access: ADMINS, uses: ["jwt", "stripe"] },
  { method: "GET", path: "/billing/{month}", handler: "billing/get", access: ADMINS, uses: ["jwt"] },
  { method: "GET", path: "/billing/{month}/invoice", handler: "billing/invoice", access: ADMINS, uses: ["jwt", "pdf"], memorySize: 1536, timeoutSeconds: 30 },
  { method: "POST", path: "/billing/{month}/checkout", handler: "billing/checkout", access: ADMINS, uses: ["jwt", "stripe"] },
  { method: "GET", path: "/billing/checkout/{sessionId}", handler: "billing/session", access: ADMINS, uses: ["jwt", "stripe"] },
  { method: "POST", path: "/billing/checkout/{sessionId}/pay", handler: "billing/test-pay", access: ADMINS, uses: ["jwt", "stripe", "mail"] },
  // Stripe calls it; the signature on the raw body is the check
  { method: "POST", path: "/billing/webhook", handler: "billing/webhook", access: "public", uses: ["stripe", "mail"], maxBodyBytes: 256 * 1024 },
  { method: "GET", path: "/billing/admin/all", handler: "billing/all", access: PROVIDER_ADMIN, uses: ["jwt"] },
  { method: "POST", path: "/billing/admin/{companyId}/{month}/mark-paid", handler: "billing/mark-paid", access: PROVIDER_ADMIN, uses: ["jwt"] },
  { method: "POST", path: "/billing/admin/run", handler: "billing/run", access: PROVIDER_ADMIN, uses: ["jwt"], timeoutSeconds: 300 },

  // scheduled reports (issue 18, docs/api-reports.md): a company's administrators
  { method: "GET", path: "/reports", handler: "reports/list", access: ADMINS, uses: ["jwt"] },
  { method: "POST", path: "/reports", handler: "reports/create", access: ADMINS, uses: ["jwt", "mail"] },
  { method: "GET", path: "/reports/{id}", handler: "reports/get", access: ADMINS, uses: ["jwt"] },
  { method: "PUT", path: "/reports/{id}", handler: "reports/update", access: ADMINS, uses: ["jwt", "mail"] },
  { method: "DELETE", path: "/reports/{id}", handler: "reports/delete", access: ADMINS, uses: ["jwt"] },
  { method: "POST", path: "/reports/{id}/run", handler: "reports/run", access: ADMINS, uses: ["jwt", "queue"] },
  { method: "GET", path: "/reports/{id}/runs/{runId}/file", handler: "reports/file", access: ADMINS, uses: ["jwt", "bucket"] },
  // the e-mailed link: its signed token is the check
  { method: "GET", path: "/reports/download/{token}", handler: "reports/download", access: "public", uses: ["jwt", "bucket"] },
  // an outside recipient's confirmation link (issue 36): its signed token is the check
  { method: "GET", path: "/report-recipients/{token}", handler: "reports/recipient-get", access: "public", uses: ["jwt"] },
  { method: "POST", path: "/report-recipients/{token}", handler: "reports/recipient-answer", access: "public", uses: ["jwt"] },

  // company API keys (issue 41, docs/api-integrations.md): a company's administrators make and revoke them
  { method: "GET", path: "/integrations/keys", handler: "integrations/key-list", access: ADMINS, uses: ["jwt"] },
  { method: "POST", path: "/integrations/keys", handler: "integrations/key-create", access: ADMINS, uses: ["jwt"] },
  { method: "DELETE", path: "/integrations/keys/{id}", handler: "integrations/key-revoke", access: ADMINS, uses: ["jwt"] },
  // webhook endpoints (issue 41, docs/api-integrations.md): signed deliveries of the company's events, with their log
  { method: "GET", path: "/integrations/webhooks", handler: "integrations/webhook-list", access: ADMINS, uses: ["jwt"] },
  { method: "POST", path: "/integrations/webhooks", handler: "integrations/webhook-create", access: ADMINS, uses: ["jwt"] },
  { method: "PATCH", path: "/integrations/webhooks/{id}", handler: "integrations/webhook-update", access: ADMINS, uses: ["jwt"] },
  { method: "DELETE", path: "/integrations/webhooks/{id}", handler: "integrations/webhook-delete", access: ADMINS, uses: ["jwt"] },
  { method: "POST", path: "/integrations/webhooks/{id}/roll-secret", handler: "integrations/webhook-roll", access: ADMINS, uses: ["jwt"] },
  { method: "GET", path: "/integrations/webhooks/{id}/deliveries", handler: "integrations/webhook-deliveries", access: ADMINS, uses: ["jwt"] },
  { method: "POST", path: "/integrations/webhooks/{id}/deliveries/{eventId}/resend", handler: "integrations/webhook-resend", access: ADMINS, uses: ["jwt", "webhooks"] },

  { method: "GET", path: "/home", handler: "home/get", access: "company", uses: ["jwt"] },
  { method: "GET", path: "/activity", handler: "activity/list", access: "company", uses: ["jwt"] },
];


const byKey = new Map(routes.map((route) => [routeKey(route), route]));
export const findRoute = (key: string | undefined) => (key ? byKey.get(key) : undefined);
