import { beforeAll, describe, expect, it } from "vitest";
import { jwtVerify } from "jose";
import { call, tokenFor, unique, DEMO_PASSWORD } from "../../../tests/http";
import { createForm, png, uploadAsset } from "../../../tests/forms-fixtures";
import { freshUser, registerCompany } from "../../../tests/auth-helpers";
import * as Dashboard from "@fleetforms/core/dashboard/index";
import * as Company from "@fleetforms/core/company/index";
import * as Activity from "@fleetforms/core/activity/index";
import { DashboardLinkEntity } from "@fleetforms/core/dashboard/dashboard.entity";

/*
 * Issue 16 through HTTP into the handlers and DynamoDB Local: dashboards managed by provider
 * administrators, associations, pins, the Metabase embedding token, native charts from the counters,
 * GET /home and GET /activity (docs/api-dashboards.md).
 */

let provider: string;
let acmeAdmin: string;
let driver: string;
let beta: string;

beforeAll(async () => {
  [provider, acmeAdmin, driver, beta] = await Promise.all([tokenFor("admin", "acme-logistics"), tokenFor("acme_admin"), tokenFor("acme_driver"), tokenFor("beta_admin")]);
});

const make = (body: Record<string, unknown> = {}, token = provider) => call("POST", "/dashboards", { token, body: { name: unique("Board "), metabaseId: 7, defaultParams: '{"period":"week"}', ...body } });

describe("dashboards", () => {
  it("are created, edited and associated by provider administrators only, with parameters as JSON", async () => {
    const created = await make({ description: "Fleet overview" });
    expect(created.status).toBe(201);
    const board = created.body.data.dashboard;
    expect(board).toMatchObject({ metabaseId: 7, defaultParams: '{"period":"week"}', companies: [], version: 1 });

    for (const bad of ["{not json", "[1,2]", '"text"']) {
      const refused = await make({ defaultParams: bad });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: "dashboard.params_invalid", message: "Invalid JSON format for parameters", fieldErrors: { defaultParams: ["Invalid JSON format for parameters"] } });
    }
    const badEdit = await call("PUT", `/dashboards/${board.id}`, { token: provider, body: { defaultParams: "{oops" } });
    expect(badEdit.body.message).toBe("Invalid JSON format for parameters");
    const badLink = await call("POST", `/dashboards/${board.id}/companies`, { token: provider, body: { companyId: "acme-logistics", customParams: "{x:1}" } });
    expect(badLink.status).toBe(400);
    expect(badLink.body.fieldErrors.customParams).toEqual(["Invalid JSON format for parameters"]);

    const edited = await call("PUT", `/dashboards/${board.id}`, { token: provider, body: { ...board, name: `${board.name} v2` } });
    expect(edited.body.data.dashboard).toMatchObject({ name: `${board.name} v2`, version: 2 });
    expect((await call("PUT", `/dashboards/${board.id}`, { token: provider, body: { ...board, name: "stale" } })).status).toBe(409);

    for (const token of [acmeAdmin, driver]) {
      expect((await make({}, token)).status).toBe(403);
      expect((await call("PUT", `/dashboards/${board.id}`, { token, body: { name: "x" } })).status).toBe(403);
      expect((await call("DELETE", `/dashboards/${board.id}`, { token })).status).toBe(403);
      expect((await call("POST", `/dashboards/${board.id}/companies`, { token, body: { companyId: "acme-logistics" } })).status).toBe(403);
      expect((await call("GET", "/dashboards?all=true", { token })).status).toBe(403);
    }
    expect((await call("POST", `/dashboards/${board.id}/companies`, { token: provider, body: { companyId: "no-such-company" } })).status).toBe(404);
  });

  it("are seen by the companies they are associated with, pinned per person; another company gets 404", async () => {
    const board = (await make()).body.data.dashboard;
    const linked = await call("POST", `/dashboards/${board.id}/companies`, { token: provider, body: { companyId: "acme-logistics", customParams: '{"region":"south"}' } });
    expect(linked.status).toBe(200);
    expect(linked.body.data.dashboard.companies).toEqual([{ companyId: "acme-logistics", companyName: "Acme Logistics", customParams: '{"region":"south"}' }]);

    const listed = await call("GET", "/dashboards", { token: driver });
    expect(listed.body.data.dashboards.map((d: { id: string }) => d.id)).toContain(board.id);
    expect(listed.body.data.dashboards.find((d: { id: string }) => d.id === board.id)).not.toHaveProperty("companies");
    const hidden = await call("GET", `/dashboards/${board.id}`, { token: beta });
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe("Dashboard not found");
    expect((await call("POST", `/dashboards/${board.id}/pin`, { token: beta })).status).toBe(404);

    const pinned = await call("POST", `/dashboards/${board.id}/pin`, { token: acmeAdmin });
    expect(pinned.body.data.dashboard.pinned).toBe(true);
    const mine = (await call("GET", "/dashboards", { token: acmeAdmin })).body.data.dashboards;
    expect(mine[0]).toMatchObject({ id: board.id, pinned: true });
    // pins are per person
    expect((await call("GET", "/dashboards", { token: driver })).body.data.dashboards.find((d: { id: string }) => d.id === board.id).pinned).toBe(false);
    expect((await call("GET", "/home", { token: acmeAdmin })).body.data.dashboards.map((d: { id: string }) => d.id)).toContain(board.id);
    expect((await call("DELETE", `/dashboards/${board.id}/pin`, { token: acmeAdmin })).body.data.dashboard.pinned).toBe(false);

    // opening one makes it recent on the driver's home
    const opened = await call("GET", `/dashboards/${board.id}`, { token: driver });
    expect(opened.status).toBe(200);
    expect(opened.body.data.view.kind).toBe("native");
    expect((await call("GET", "/home", { token: driver })).body.data.dashboards.map((d: { id: string }) => d.id)).toContain(board.id);

    // removing the association cannot be undone: the company no longer sees it
    expect((await call("DELETE", `/dashboards/${board.id}/companies/acme-logistics`, { token: provider })).body.data.dashboard.companies).toEqual([]);
    expect((await call("GET", `/dashboards/${board.id}`, { token: driver })).status).toBe(404);
    expect((await call("DELETE", `/dashboards/${board.id}/companies/acme-logistics`, { token: provider })).status).toBe(404);
  });

  it("deleting a dashboard leaves no association", async () => {
    const board = (await make()).body.data.dashboard;
    for (const companyId of ["acme-logistics", "beta-transport"]) await call("POST", `/dashboards/${board.id}/companies`, { token: provider, body: { companyId } });
    expect((await DashboardLinkEntity.query.byDashboard({ dashboardId: board.id }).go()).data).toHaveLength(2);
    expect((await call("DELETE", `/dashboards/${board.id}`, { token: provider })).body).toEqual({ deleted: true, id: board.id });
    expect((await DashboardLinkEntity.query.byDashboard({ dashboardId: board.id }).go()).data).toEqual([]);
    expect((await DashboardLinkEntity.query.byCompany({ companyId: "beta-transport" }).go()).data.map((link) => link.dashboardId)).not.toContain(board.id);
    expect((await call("GET", `/dashboards/${board.id}`, { token: provider })).status).toBe(404);
  });

  it("takes as many companies as its delete can remove in one transaction, and deletes with all of them", async () => {
    const board = (await make()).body.data.dashboard;
    const companies = await Promise.all(Array.from({ length: Dashboard.MAX_COMPANIES + 1 }, (_, i) => Company.create({ name: unique(`Board company ${i} `) })));
    for (const company of companies.slice(0, Dashboard.MAX_COMPANIES)) {
      expect((await call("POST", `/dashboards/${board.id}/companies`, { token: provider, body: { companyId: company.companyId } })).status).toBe(200);
    }
    const past = await call("POST", `/dashboards/${board.id}/companies`, { token: provider, body: { companyId: companies.at(-1)!.companyId } });
    expect(past.status).toBe(400);
    expect(past.body.code).toBe("dashboard.too_many_companies");
    // the edit and the delete each write one record in every company's activity, in their one transaction
    expect((await call("PUT", `/dashboards/${board.id}`, { token: provider, body: { name: `${board.name} v2` } })).status).toBe(200);
    expect((await call("DELETE", `/dashboards/${board.id}`, { token: provider })).body).toEqual({ deleted: true, id: board.id });
    expect((await DashboardLinkEntity.query.byDashboard({ dashboardId: board.id }).go()).data).toEqual([]);
  });

  it("signs a Metabase embedding token with the merged parameters and the company's own id, for 10 minutes", async () => {
    const secret = "a-metabase-embedding-secret-of-64-characters-0123456789abcdef0123";
    const dashboard = { dashboardId: "d1", name: "x", description: "", metabaseId: 42, defaultParams: '{"period":"week","company_id":"someone-else","region":"all"}', version: 1, createdAt: "", updatedAt: "" };
    const link = { dashboardId: "d1", companyId: "acme-logistics", companyName: "Acme", customParams: '{"region":"south","company_id":"beta-transport"}', createdAt: "" };
    const now = Date.now();
    const view = await Dashboard.embedUrl({ site: "https://metabase.example.com", secret }, dashboard, link, "acme-logistics", now);
    const match = /^https:\/\/metabase\.example\.com\/embed\/dashboard\/([^#]+)#bordered=true&titled=true$/.exec(view.url);
    expect(match).not.toBeNull();
    const { payload } = await jwtVerify(match![1]!, new TextEncoder().encode(secret), { algorithms: ["HS256"] });
    expect(payload).toMatchObject({ resource: { dashboard: 42 }, params: { period: "week", region: "south", company_id: "acme-logistics" } });
    expect(payload.exp).toBe(Math.floor(now / 1000) + 600);
    expect(view.expiresAt).toBe(new Date((Math.floor(now / 1000) + 600) * 1000).toISOString());
    await expect(jwtVerify(match![1]!, new TextEncoder().encode("another secret"))).rejects.toThrow();
  });
});

describe("native charts, home and activity", () => {
  it("count submissions, inspections with defects and approvals as the work happens, and show them on /home and /activity", async () => {
    const { tokens } = await registerCompany();
    const orgadmin = tokens.access_token;
    const companyId = (await call("GET", "/company", { token: orgadmin })).body.companies[0].id as string;
    const person = await freshUser({ seats: [[companyId, "user"]], password: DEMO_PASSWORD });
    const user = await tokenFor(person.username, companyId);
    const vehicle = (await call("POST", "/vehicles", { token: orgadmin, body: { vehicleNumber: "N-1" } })).body.data.vehicle;
    const inspection = await createForm(orgadmin, { name: "Yard inspection", needsApproval: true }, {
      body: [
        { type: "vehicle", name: "vehicle", label: { en: "Vehicle" } },
        { type: "text", name: "defectNotes", label: { en: "Defects" } },
      ],
    });
    const save = (values: Record<string, unknown>, token = user) => call("POST", "/submissions/save", { token, body: { formId: inspection.id, values } });
    const first = await save({ vehicle: { type: "vehicle", id: vehicle.id }, defectNotes: "Cracked mirror" });
    expect(first.status).toBe(201);
    // the next driver reviews the report with a defect and signs (issue 42, 49 CFR 396.13)
    const signature = await uploadAsset(user, png(3), { fileName: "signature.png" });
    const acknowledgement = { submissionId: first.body.submission.id, signature: { type: "asset", id: signature.id } };
    expect((await call("POST", "/submissions/save", { token: user, body: { formId: inspection.id, values: { vehicle: { type: "vehicle", id: vehicle.id }, defectNotes: "" }, inspection: { acknowledgement } } })).status).toBe(201);

    const board = (await make()).body.data.dashboard;
    await call("POST", `/dashboards/${board.id}/companies`, { token: provider, body: { companyId } });
    const view = (await call("GET", `/dashboards/${board.id}`, { token: orgadmin })).body.data.view;
    const chart = (id: string) => view.charts.find((entry: { id: string }) => entry.id === id);
    expect(chart("submissions-per-form").rows).toEqual([expect.objectContaining({ formId: inspection.id, formName: "Yard inspection", count: 2 })]);
    // the form's name per language, for the reader's (issue 19): a form with one name has it in both
    expect(view.formNames).toEqual({ [inspection.id]: { en: "Yard inspection", es: "Yard inspection" } });
    expect(chart("inspections").rows).toEqual([expect.objectContaining({ inspections: 2, withDefects: 1 })]);
    expect(chart("active-vehicles").rows).toEqual([{ active: 1, inactive: 0 }]);
    expect(chart("approvals-waiting").rows).toEqual([{ waiting: 2 }]);

    // an approval and a send-back move the gauge and the person's waiting list
    const submissionId = first.body.submission.id as number;
    const version = (await call("GET", `/submissions/${submissionId}`, { token: orgadmin })).body.submission.version as number;
    expect((await call("POST", `/submissions/${submissionId}/send-back`, { token: orgadmin, body: { version, comment: "Photo please" } })).status).toBe(200);
    const home = (await call("GET", "/home", { token: user })).body.data;
    expect(home.submissions.sentBack.map((entry: { id: number }) => entry.id)).toEqual([submissionId]);
    // what to fix, and whether the form lets the submitter fix it (issue 19)
    expect(home.submissions.sentBack[0]).toMatchObject({ comment: "Photo please", canAmend: false, reviewedAt: expect.any(String), formNames: { en: "Yard inspection", es: "Yard inspection" } });
    expect(home.submissions.waiting).toHaveLength(1);
    expect(home.forms.assigned.count + home.forms.active.count).toBeGreaterThanOrEqual(1);
    expect((await call("GET", `/dashboards/${board.id}`, { token: orgadmin })).body.data.view.charts.find((c: { id: string }) => c.id === "approvals-waiting").rows).toEqual([{ waiting: 1 }]);

    const feed = (await call("GET", "/activity", { token: orgadmin })).body.data.activity;
    expect(feed.slice(0, 3).map((entry: { action: string }) => entry.action)).toEqual(["submission.sent_back", "dashboard.associated", "submission.created"]);
    expect(feed[0]).toMatchObject({ kind: "submission", link: `/submissions/${submissionId}`, changes: { status: ["pending_approval", "sent_back"] } });
    const byPerson = (await call("GET", `/activity?userId=${person.user.userId}`, { token: orgadmin })).body.data.activity;
    expect(byPerson.length).toBe(2);
    expect(byPerson.every((entry: { actorId: string }) => entry.actorId === person.user.userId)).toBe(true);
    // a user sees their own activity and that of forms they can see, not the company's vehicles or people
    const usersFeed = (await call("GET", "/activity", { token: user })).body.data.activity.map((entry: { kind: string }) => entry.kind);
    expect(usersFeed).not.toContain("vehicle");
    expect(usersFeed).toContain("submission");
    expect((await call("GET", "/activity?kind=vehicle", { token: orgadmin })).body.data.activity.map((entry: { action: string }) => entry.action)).toEqual(["vehicle.created"]);
  });

  it("names each person by their name now, however the entry recorded them; someone deleted by the name recorded", async () => {
    const { payload, tokens } = await registerCompany();
    const orgadmin = tokens.access_token;
    const companyId = (await call("GET", "/company", { token: orgadmin })).body.companies[0].id as string;
    const person = await freshUser({ seats: [[companyId, "user"]], password: DEMO_PASSWORD });
    // a vehicle's entry records its author's username; a submission's, the author's name then
    expect((await call("POST", "/vehicles", { token: orgadmin, body: { vehicleNumber: "NM-1" } })).status).toBe(201);
    const form = await createForm(orgadmin, { name: "Names form" }, { body: [{ type: "text", name: "note", label: { en: "Note" } }] });
    expect((await call("POST", "/submissions/save", { token: await tokenFor(person.username, companyId), body: { formId: form.id, values: { note: "hi" } } })).status).toBe(201);
    await Activity.record({ companyId, actor: { userId: "a-person-since-deleted", username: "gone_user" }, action: "vehicle.edited", subject: { type: "vehicle", id: "v-gone", name: "NM-0" } });

    const named = async (token: string) =>
      Object.fromEntries(((await call("GET", "/activity", { token })).body.data.activity as { action: string; actorName: string }[]).map((entry) => [entry.action, entry.actorName]));
    expect(await named(orgadmin)).toMatchObject({ "vehicle.created": `${payload.firstName} ${payload.lastName}`, "submission.created": "Test Person", "vehicle.edited": "gone_user" });
    // the home's latest activity names them the same way
    const home = (await call("GET", "/home", { token: orgadmin })).body.data;
    expect(home.activity.find((entry: { action: string }) => entry.action === "vehicle.created").actorName).toBe(`${payload.firstName} ${payload.lastName}`);
    // a person renamed is named anew: the username was never shown
    const me = (await call("GET", "/user/getProfile", { token: orgadmin })).body.data as { id: string; version: number };
    const renamed = await call("POST", "/user/editUserProfile", { token: orgadmin, body: { userId: me.id, version: me.version, firstName: "Renata", lastName: "Nueva" } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await named(orgadmin))["vehicle.created"]).toBe("Renata Nueva");
  });

  it("names the questions an amendment changed by their labels in each language", async () => {
    const { tokens } = await registerCompany();
    const orgadmin = tokens.access_token;
    const form = await createForm(orgadmin, { name: "Amended form", supportsAmendments: true }, {
      body: [
        { type: "number", name: "odometer", label: { en: "Odometer", es: "Odómetro" } },
        // a question without its Spanish label reads in English
        { type: "section", label: { en: "More" }, elements: [{ type: "text", name: "notes", label: { en: "Notes" } }] },
        { type: "text", name: "unchanged", label: { en: "Unchanged", es: "Sin cambios" } },
      ],
    });
    const saved = await call("POST", "/submissions/save", { token: orgadmin, body: { formId: form.id, values: { odometer: 100, notes: "a", unchanged: "x" } } });
    expect(saved.status).toBe(201);
    const amended = await call("POST", `/submissions/${saved.body.submission.id}/amend`, { token: orgadmin, body: { version: 1, values: { odometer: 120, notes: "b", unchanged: "x" } } });
    expect(amended.status, JSON.stringify(amended.body)).toBe(200);
    const entry = (await call("GET", "/activity?kind=submission", { token: orgadmin })).body.data.activity[0];
    expect(entry).toMatchObject({ action: "submission.amended", changes: { questions: [null, { en: "Odometer, Notes", es: "Odómetro, Notes" }], fields: [null, ["odometer", "notes"]] } });
  });

  it("pages the feed by cursor without losing or repeating an entry", async () => {
    const { tokens } = await registerCompany();
    const orgadmin = tokens.access_token;
    for (let i = 0; i < 7; i++) await call("POST", "/vehicles", { token: orgadmin, body: { vehicleNumber: `P-${i}` } });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { activity: { subject: { name: string } }[]; nextCursor: string | null } = (await call("GET", `/activity?kind=vehicle&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { token: orgadmin })).body.data;
      seen.push(...page.activity.map((entry: { subject: { name: string } }) => entry.subject.name));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(["P-6", "P-5", "P-4", "P-3", "P-2", "P-1", "P-0"]);
    expect((await call("GET", "/activity?from=2001-01-01&to=2001-12-31", { token: orgadmin })).body.data.activity).toEqual([]);

    // unfiltered, the last page says it is the last even when it is exactly full
    const all = (await call("GET", "/activity?limit=100", { token: orgadmin })).body.data;
    expect(all.nextCursor).toBeNull();
    const exactly = (await call("GET", `/activity?limit=${all.activity.length}`, { token: orgadmin })).body.data;
    expect(exactly.activity).toHaveLength(all.activity.length);
    expect(exactly.nextCursor).toBeNull();
    const short = (await call("GET", `/activity?limit=${all.activity.length - 1}`, { token: orgadmin })).body.data;
    expect((await call("GET", `/activity?cursor=${encodeURIComponent(short.nextCursor)}`, { token: orgadmin })).body.data.activity).toEqual([all.activity.at(-1)]);
  });

  it("refuses a cursor it did not hand out with 400, and a cursor never reads another company's feed", async () => {
    const [{ tokens: mine }, { tokens: theirs }] = await Promise.all([registerCompany(), registerCompany()]);
    for (let i = 0; i < 3; i++) await call("POST", "/vehicles", { token: theirs.access_token, body: { vehicleNumber: `T-${i}` } });
    const theirPage = (await call("GET", "/activity?kind=vehicle&limit=1", { token: theirs.access_token })).body.data;
    expect(theirPage.nextCursor).toEqual(expect.any(String));
    const borrowed = (await call("GET", `/activity?cursor=${encodeURIComponent(theirPage.nextCursor)}`, { token: mine.access_token })).body.data.activity;
    expect(borrowed.map((entry: { subject: { name: string } }) => entry.subject.name)).not.toContain("T-1");
    for (const cursor of ["not-a-cursor", Buffer.from('{"before":3}').toString("base64url")]) {
      const refused = await call("GET", `/activity?cursor=${cursor}`, { token: mine.access_token });
      expect(refused.status, cursor).toBe(400);
      expect(refused.body.message).toBe("This page of the activity is no longer available. Please start again from the first page.");
    }
  });
});
