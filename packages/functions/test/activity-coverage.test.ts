import { beforeAll, describe, expect, it } from "vitest";
import { routes } from "../src/routes";
import { call, tokenFor, unique } from "../../../tests/http";
import { png } from "../../../tests/forms-fixtures";
import { registerCompany } from "../../../tests/auth-helpers";
import { ActivityEntity } from "@fleetforms/core/activity/index";

/*
 * Issue 16: every change the product makes writes exactly one activity record, in the change's own
 * transaction. The route table is the list of changes: each write route says which record it writes, or
 * why it writes none. A new write route that says neither fails here; the journey below makes one change
 * of each kind and counts the records.
 */

const WRITES: Record<string, string | { none: string }> = {
  "POST /auth/login": { none: "signing in is not a change to company data" },
  "POST /auth/refresh": { none: "a session rotation" },
  "POST /auth/logout": { none: "a session ends" },
  "POST /auth/register/user-and-company": "company.created",
  "POST /auth/register": "seat.added", // with an invitation's token; without one, an account and no company
  "POST /auth/send-reset-password": { none: "a link by e-mail" },
  "POST /auth/reset-password": { none: "the person's own password, no company" },
  "PUT /auth/resetPassword": { none: "the person's own password, no company" },
  "POST /auth/request-sms-login": { none: "a link by SMS" },
  "POST /auth/verify-sms-login": { none: "signing in" },
  "POST /company/admin/seat": "seat.added",
  "POST /company/admin/create": "company.created",
  "PUT /company/{id}": "company.edited",
  "PUT /company/{id}/limits": "company.limits_changed",
  "POST /company/{id}/suspend": "company.suspended",
  "POST /company/{id}/resume": "company.resumed",
  "PATCH /company/admin/seat/{id}": "user.role_changed",
  "DELETE /company/admin/seat/{id}": "user.removed",
  "POST /user/editUser": "user.edited",
  "POST /user/add": "user.added",
  "POST /user/updateRole": "user.role_changed",
  "POST /user/adminResetPassword": "user.password_reset",
  "POST /user/sendEmail": "user.emailed",
  "POST /user/invite": "user.invited",
  "POST /user/invitations/{id}/resend": "user.invited",
  "DELETE /user/invitations/{id}": "user.invitation_revoked",
  "POST /invitations/{token}/accept": "seat.added",
  "POST /user/editUserProfile": "user.edited",
  "PUT /user/setUserLang": { none: "a preference of the person's own" },
  "POST /form": "form.created",
  "POST /form/template/{id}": "template.saved",
  "DELETE /form/template/{id}": "template.deleted",
  "POST /form/template/{id}/preview": { none: "a preview changes nothing" },
  "POST /form/{formId}/edit": "form.edited",
  "POST /vehicles": "vehicle.created",
  "POST /vehicles/import": "vehicle.created",
  "PUT /vehicles/{id}": "vehicle.edited",
  "DELETE /vehicles/{id}": "vehicle.deleted",
  "POST /submissions/save": "submission.created",
  "POST /submissions/{id}/amend": "submission.amended",
  "POST /submissions/{id}/approve": "submission.approved",
  "POST /submissions/{id}/send-back": "submission.sent_back",
  "POST /submissions/{id}/share": "submission.shared",
  "DELETE /submissions/{id}/shares/{shareId}": "submission.share_revoked",
  "POST /assets": { none: "an attachment becomes part of a submission, which records it" },
  "POST /assets/token": { none: "a five-minute link" },
  "POST /v2/assets/upload-url": { none: "nothing exists until the upload is valid" },
  "PUT /v2/assets/{id}": "document.edited",
  "DELETE /v2/assets/{id}": "document.deleted",
  "POST /v2/assets/{id}/validate": "document.uploaded",
  "POST /v2/asset-categories": "category.created",
  "PUT /v2/asset-categories/{id}": "category.edited",
  "DELETE /v2/asset-categories/{id}": "category.deleted",
  "POST /dashboards": { none: "the provider's catalogue: a company sees it when it is associated" },
  "PUT /dashboards/{id}": "dashboard.edited", // in each company that has it: its people see the new name
  "DELETE /dashboards/{id}": "dashboard.removed",
  "POST /dashboards/{id}/companies": "dashboard.associated",
  "DELETE /dashboards/{id}/companies/{companyId}": "dashboard.removed",
  "POST /dashboards/{id}/pin": { none: "a preference of the person's own" },
  "DELETE /dashboards/{id}/pin": { none: "a preference of the person's own" },
  "POST /billing/{month}/checkout": { none: "starting to pay changes nothing until Stripe's webhook says it was paid" },
  "POST /billing/checkout/{sessionId}/pay": "billing.paid",
  "POST /billing/webhook": "billing.paid",
  "POST /billing/admin/{companyId}/{month}/mark-paid": "billing.marked_paid",
  "POST /billing/admin/run": { none: "the provider's monthly run: each company's month is the record" },
  "POST /reports": "report.created",
  "PUT /reports/{id}": "report.edited",
  "DELETE /reports/{id}": "report.deleted",
  "POST /reports/{id}/run": { none: "the run itself is the record (its history on the schedule)" },
  "POST /report-recipients/{token}": { none: "an outside address's own answer, recorded on the schedule's recipient" },
  "POST /submissions/export": { none: "reading the list out: the export's run is its record, the requester's own" },
  "POST /contact": { none: "a visitor's inquiry, kept as its own record, no company" },
  "POST /vehicles/{id}/defects/{defectId}/certify": "defect.certified",
  "PUT /company/admin/seat/{id}/mechanic": "user.mechanic_changed",
  "POST /integrations/keys": "apikey.created",
  "DELETE /integrations/keys/{id}": "apikey.revoked",
  "POST /integrations/webhooks": "webhook.created",
  "PATCH /integrations/webhooks/{id}": "webhook.edited", // or webhook.disabled / webhook.enabled when it switches
  "DELETE /integrations/webhooks/{id}": "webhook.deleted",
  "POST /integrations/webhooks/{id}/roll-secret": "webhook.secret_rolled",
  "POST /integrations/webhooks/{id}/deliveries/{eventId}/resend": "webhook.resent",
};

describe("the activity of every write route", () => {
  it("is declared: each write route names its record or why it has none", () => {
    const writes = routes.filter((route) => route.method !== "GET").map((route) => `${route.method} ${route.path}`);
    expect(writes.filter((key) => !(key in WRITES))).toEqual([]);
    expect(Object.keys(WRITES).filter((key) => !writes.includes(key))).toEqual([]);
  });
});

describe("one record per change", () => {
  let admin: string;
  let companyId: string;
  let provider: string;
  beforeAll(async () => {
    const { tokens } = await registerCompany();
    admin = tokens.access_token;
    companyId = (await call("GET", "/company", { token: admin })).body.companies[0].id;
    provider = await tokenFor("admin", companyId);
  });

  const records = async () => (await ActivityEntity.query.byCompany({ companyId }).go({ pages: "all" })).data;
  /** Runs one change and answers the records it wrote. */
  async function change(run: () => Promise<{ status: number; body: any }>, okStatuses = [200, 201]) {
    const before = new Set((await records()).map((item) => item.activityId));
    const response = await run();
    expect(okStatuses, JSON.stringify(response.body)).toContain(response.status);
    const written = (await records()).filter((item) => !before.has(item.activityId)).map((item) => item.action);
    return { response, written };
  }

  it("a sign-up's company starts its feed", async () => {
    expect((await ActivityEntity.query.byCompany({ companyId }).go()).data.map((item) => item.action)[0]).toBe("company.created");
  });

  it("forms, templates, submissions, shares, vehicles, documents, categories, invitations, the company and dashboards", async () => {
    let step = await change(() => call("POST", "/form", { token: admin, body: { name: "Walk-around", isActive: true, status: "active", needsApproval: true, canBeShared: true, supportsAmendments: true, formDefinition: { body: [{ type: "text", name: "note", label: { en: "Note" } }] } } }));
    expect(step.written).toEqual(["form.created"]);
    const form = step.response.body.form ?? step.response.body.data?.form ?? step.response.body;
    const formId = form.id ?? form.formId;
    expect((await change(() => call("POST", "/form", { token: admin, body: { id: formId, description: "Every morning" } }))).written).toEqual(["form.edited"]);
    expect((await change(() => call("POST", `/form/${formId}/edit`, { token: admin, body: { formDefinition: { body: [{ type: "text", name: "note", label: { en: "Note" } }, { type: "text", name: "other", label: { en: "Other" } }] } } }))).written).toEqual(["form.edited"]);
    expect((await change(() => call("POST", `/form/template/${formId}`, { token: admin, body: { template: "<p>{{answer \"note\"}}</p>" } }))).written).toEqual(["template.saved"]);
    expect((await change(() => call("DELETE", `/form/template/${formId}`, { token: admin }))).written).toEqual(["template.deleted"]);

    step = await change(() => call("POST", "/submissions/save", { token: admin, body: { formId, values: { note: "ok" } } }));
    expect(step.written).toEqual(["submission.created"]);
    const submissionId = step.response.body.submission.id;
    expect((await change(() => call("POST", `/submissions/${submissionId}/amend`, { token: admin, body: { version: 1, values: { note: "better" } } }))).written).toEqual(["submission.amended"]);
    expect((await change(() => call("POST", `/submissions/${submissionId}/approve`, { token: admin, body: { version: 2 } }))).written).toEqual(["submission.approved"]);
    step = await change(() => call("POST", `/submissions/${submissionId}/share`, { token: admin, body: { expiresInHours: 24 } }));
    expect(step.written).toEqual(["submission.shared"]);
    expect((await change(() => call("DELETE", `/submissions/${submissionId}/shares/${step.response.body.shareId}`, { token: admin }))).written).toEqual(["submission.share_revoked"]);

    step = await change(() => call("POST", "/vehicles", { token: admin, body: { vehicleNumber: "A-1" } }));
    expect(step.written).toEqual(["vehicle.created"]);
    const vehicleId = step.response.body.data.vehicle.id;
    expect((await change(() => call("PUT", `/vehicles/${vehicleId}`, { token: admin, body: { isActive: false } }))).written).toEqual(["vehicle.edited"]);
    expect((await change(() => call("DELETE", `/vehicles/${vehicleId}`, { token: admin }))).written).toEqual(["vehicle.deleted"]);

    const code = unique("K").slice(0, 10);
    step = await change(() => call("POST", "/v2/asset-categories", { token: admin, body: { code, name: "Keys" } }));
    expect(step.written).toEqual(["category.created"]);
    const categoryId = step.response.body.category.id;
    expect((await change(() => call("PUT", `/v2/asset-categories/${categoryId}`, { token: admin, body: { name: "Keys and fobs" } }))).written).toEqual(["category.edited"]);
    const bytes = png(3);
    const started = await call("POST", "/v2/assets/upload-url", { token: admin, body: { fileName: "k.png", fileType: "image/png", size: bytes.length, name: "Key log", category: code } });
    await fetch(started.body.presignedUrl, { method: "PUT", headers: { "content-type": "image/png" }, body: new Uint8Array(bytes) });
    expect((await change(() => call("POST", `/v2/assets/${started.body.asset.id}/validate`, { token: admin }))).written).toEqual(["document.uploaded"]);
    expect((await change(() => call("PUT", `/v2/assets/${started.body.asset.id}`, { token: admin, body: { name: "Key log 2026" } }))).written).toEqual(["document.edited"]);
    expect((await change(() => call("DELETE", `/v2/assets/${started.body.asset.id}`, { token: admin }))).written).toEqual(["document.deleted"]);
    expect((await change(() => call("DELETE", `/v2/asset-categories/${categoryId}`, { token: admin }))).written).toEqual(["category.deleted"]);

    step = await change(() => call("POST", "/user/invite", { token: admin, body: { email: `${unique("inv")}@example.com`, role: "user" } }));
    expect(step.written).toEqual(["user.invited"]);
    const invitationId = step.response.body.invitation?.id ?? step.response.body.data?.invitation?.id ?? step.response.body.id;
    expect((await change(() => call("DELETE", `/user/invitations/${invitationId}`, { token: admin }))).written).toEqual(["user.invitation_revoked"]);
    expect((await change(() => call("PUT", `/company/${companyId}`, { token: admin, body: { city: "El Paso" } }))).written).toEqual(["company.edited"]);

    const board = (await call("POST", "/dashboards", { token: provider, body: { name: unique("Cover "), metabaseId: 3 } })).body.data.dashboard;
    expect((await change(() => call("POST", `/dashboards/${board.id}/companies`, { token: provider, body: { companyId } }))).written).toEqual(["dashboard.associated"]);
    expect((await change(() => call("POST", `/dashboards/${board.id}/pin`, { token: admin }))).written).toEqual([]);
    expect((await change(() => call("PUT", `/dashboards/${board.id}`, { token: provider, body: { description: "Weekly" } }))).written).toEqual(["dashboard.edited"]);
    expect((await change(() => call("PUT", `/dashboards/${board.id}`, { token: provider, body: { description: "Weekly" } }))).written).toEqual([]);
    expect((await change(() => call("DELETE", `/dashboards/${board.id}`, { token: provider }))).written).toEqual(["dashboard.removed"]);
  });
});
