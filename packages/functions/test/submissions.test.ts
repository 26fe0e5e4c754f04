import { beforeAll, describe, expect, it } from "vitest";
import * as Outbox from "@fleetforms/core/messaging/outbox";
import { call, tokenFor } from "../../../tests/http";
import { createForm } from "../../../tests/forms-fixtures";

const STALE = "Record changed by another user. Refresh and try again.";
const SIMPLE = { body: [{ type: "text", name: "note", label: { en: "Note", es: "Nota" }, required: true }, { type: "number", name: "count", label: { en: "Count", es: "Cantidad" } }] };

let admin: string;
let driver: string;
let multi: string;
let viewer: string;

beforeAll(async () => {
  [admin, driver, multi, viewer] = await Promise.all([tokenFor("acme_admin"), tokenFor("acme_driver"), tokenFor("multi_user", "acme-logistics"), tokenFor("acme_viewer")]);
});

async function submit(token: string, formId: number, values: Record<string, unknown>) {
  const response = await call("POST", "/submissions/save", { token, body: { formId, values } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.submission as { id: number; version: number };
}

describe("amendments", () => {
  it("of 50 concurrent amendments of one version, exactly one wins", async () => {
    const form = await createForm(admin, { supportsAmendments: true }, SIMPLE);
    const submission = await submit(driver, form.id, { note: "first" });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call("POST", `/submissions/${submission.id}/amend`, { token: i % 2 ? admin : driver, body: { version: 1, values: { note: `writer ${i}`, count: i } } })),
    );
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const loser of results.filter((result) => result.status === 409)) expect(loser.body.message).toBe(STALE);
    const history = await call("GET", `/submissions/${submission.id}/history`, { token: admin });
    expect(new Set(history.body.history.map((entry: { version: number }) => entry.version))).toEqual(new Set([2]));
    const winner = results.find((result) => result.status === 200)!;
    const detail = await call("GET", `/submissions/${submission.id}`, { token: admin });
    expect(detail.body.submission.version).toBe(2);
    expect(winner.body.submission.version).toBe(2);
    expect(history.body.history.find((entry: { field: string }) => entry.field === "note").currentValue).toBe(detail.body.submission.values.note);
  });

  it("is refused for forms without amendments, for other users' submissions and for viewers", async () => {
    const closed = await createForm(admin, { supportsAmendments: false }, SIMPLE);
    const mine = await submit(driver, closed.id, { note: "x" });
    expect((await call("POST", `/submissions/${mine.id}/amend`, { token: driver, body: { version: 1, values: { note: "y" } } })).status).toBe(422);

    const open = await createForm(admin, { supportsAmendments: true }, SIMPLE);
    const driversOwn = await submit(driver, open.id, { note: "x" });
    // another user does not see it at all (issue 36: a user sees their own submissions)
    expect((await call("POST", `/submissions/${driversOwn.id}/amend`, { token: multi, body: { version: 1, values: { note: "y" } } })).status).toBe(404);
    expect((await call("POST", `/submissions/${driversOwn.id}/amend`, { token: viewer, body: { version: 1, values: { note: "y" } } })).status).toBe(403);
    const unchanged = await call("POST", `/submissions/${driversOwn.id}/amend`, { token: driver, body: { version: 1, values: { note: "x" } } });
    expect(unchanged.body).toMatchObject({ changed: false, submission: { version: 1 } });
    const invalid = await call("POST", `/submissions/${driversOwn.id}/amend`, { token: driver, body: { version: 1, values: { note: "" } } });
    expect(invalid.status).toBe(400);
  });
});

describe("approval", () => {
  it("waits for an administrator, who sends it back with a comment or approves it; the submitter gets an e-mail", async () => {
    const form = await createForm(admin, { supportsAmendments: true, needsApproval: true }, SIMPLE);
    const submission = await submit(driver, form.id, { note: "incident" });
    const waiting = await call("GET", `/submissions/${submission.id}`, { token: admin });
    expect(waiting.body.submission).toMatchObject({ status: "pending_approval", canApprove: true });

    expect((await call("POST", `/submissions/${submission.id}/approve`, { token: driver, body: { version: 1 } })).status).toBe(403);
    expect((await call("POST", `/submissions/${submission.id}/send-back`, { token: admin, body: { version: 1 } })).status).toBe(400);
    const sentBack = await call("POST", `/submissions/${submission.id}/send-back`, { token: admin, body: { version: 1, comment: "Add the trailer number" } });
    expect(sentBack.status).toBe(200);
    expect(sentBack.body.submission).toMatchObject({ status: "sent_back", version: 2 });
    const mails = await Outbox.list({ to: "acme.driver@fleetforms.example" });
    expect(mails.find((mail) => mail.text.includes("Add the trailer number") && mail.text.includes(`#${submission.id}`))).toBeDefined();

    const amended = await call("POST", `/submissions/${submission.id}/amend`, { token: driver, body: { version: 2, values: { note: "incident, trailer 55" } } });
    expect(amended.body.submission).toMatchObject({ status: "pending_approval", version: 3 });
    expect((await call("POST", `/submissions/${submission.id}/approve`, { token: admin, body: { version: 2 } })).status).toBe(409);
    const approved = await call("POST", `/submissions/${submission.id}/approve`, { token: admin, body: { version: 3 } });
    expect(approved.body.submission.status).toBe("approved");
    expect((await call("POST", `/submissions/${submission.id}/approve`, { token: admin, body: { version: 4 } })).status).toBe(409);
    const history = await call("GET", `/submissions/${submission.id}/history`, { token: admin });
    expect(history.body.history.map((entry: { kind: string }) => entry.kind)).toEqual(["send_back", "amend", "approve"]);
  });
});

describe("the list by status (issue 19)", () => {
  type Entry = { id: number; status: string; formId: number };
  const listed = async (token: string, query: string) => {
    const response = await call("GET", `/submissions?${query}`, { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as { submissions: Entry[]; totalPages: number; total: number };
  };

  it("shows a driver the submission sent back to them, on the form's list and the company's, and follows each status change", async () => {
    const form = await createForm(admin, { supportsAmendments: true, needsApproval: true }, SIMPLE);
    const [kept, returned] = [await submit(driver, form.id, { note: "stays waiting" }), await submit(driver, form.id, { note: "goes back" })];
    await call("POST", `/submissions/${returned.id}/send-back`, { token: admin, body: { version: 1, comment: "Say which trailer" } });

    const sentBack = await listed(driver, `formId=${form.id}&status=sent_back`);
    expect(sentBack.submissions.map((entry) => [entry.id, entry.status])).toEqual([[returned.id, "sent_back"]]);
    expect(sentBack).toMatchObject({ total: 1, totalPages: 1 });
    expect((await listed(driver, `formId=${form.id}&status=pending_approval`)).submissions.map((entry) => entry.id)).toEqual([kept.id]);
    const companyWide = await listed(driver, "status=sent_back&limit=100");
    expect(companyWide.submissions.map((entry) => entry.id)).toContain(returned.id);
    expect(companyWide.submissions.every((entry) => entry.status === "sent_back")).toBe(true);

    await call("POST", `/submissions/${returned.id}/amend`, { token: driver, body: { version: 2, values: { note: "trailer 55" } } });
    expect((await listed(driver, `formId=${form.id}&status=sent_back`)).submissions).toEqual([]);
    expect((await listed(driver, `formId=${form.id}&status=pending_approval&sort_direction=asc`)).submissions.map((entry) => entry.id)).toEqual([kept.id, returned.id]);
    await call("POST", `/submissions/${kept.id}/approve`, { token: admin, body: { version: 1 } });
    expect((await listed(viewer, `formId=${form.id}&status=approved`)).submissions.map((entry) => entry.id)).toEqual([kept.id]);
    // without a status, the list is what it was: every submission of the form
    expect((await listed(driver, `formId=${form.id}`)).submissions.map((entry) => entry.id)).toEqual([returned.id, kept.id]);
  });

  it("pages through one status: full pages, newest first, the last page holding the rest", async () => {
    const form = await createForm(admin, { supportsAmendments: true, needsApproval: true }, SIMPLE);
    const made: number[] = [];
    for (let i = 0; i < 5; i++) made.push((await submit(driver, form.id, { note: `n${i}` })).id);
    // two of the five leave pending_approval: the pages hold the other three, and only them
    await call("POST", `/submissions/${made[1]}/approve`, { token: admin, body: { version: 1 } });
    await call("POST", `/submissions/${made[3]}/send-back`, { token: admin, body: { version: 1, comment: "Again" } });
    const waiting = [made[4], made[2], made[0]];
    const first = await listed(admin, `formId=${form.id}&status=pending_approval&limit=2&page=1`);
    expect(first).toMatchObject({ total: 3, totalPages: 2 });
    expect(first.submissions.map((entry) => entry.id)).toEqual(waiting.slice(0, 2));
    const second = await listed(admin, `formId=${form.id}&status=pending_approval&limit=2&page=2`);
    expect(second.submissions.map((entry) => entry.id)).toEqual(waiting.slice(2));
    expect((await listed(admin, `formId=${form.id}&status=pending_approval&limit=2&page=3`)).submissions).toEqual([]);
    const oldestFirst = await listed(admin, `formId=${form.id}&status=pending_approval&limit=2&sort_direction=asc`);
    expect(oldestFirst.submissions.map((entry) => entry.id)).toEqual([made[0], made[2]]);
  });

  it("refuses a status it does not know with a 400 that names the choices", async () => {
    const response = await call("GET", "/submissions?status=waiting", { token: driver });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain("pending_approval");
  });
});

describe("responses and form states", () => {
  it("takes one response per user when the form takes no additional responses", async () => {
    const form = await createForm(admin, { supportsAdditionalResponses: false }, SIMPLE);
    await submit(driver, form.id, { note: "once" });
    const again = await call("POST", "/submissions/save", { token: driver, body: { formId: form.id, values: { note: "twice" } } });
    expect(again.status).toBe(409);
    await submit(multi, form.id, { note: "someone else" });
  });

  it("refuses submissions to drafts (except administrators testing) and inactive forms", async () => {
    const draft = await createForm(admin, { status: "draft" }, SIMPLE);
    expect((await call("POST", "/submissions/save", { token: driver, body: { formId: draft.id, values: { note: "x" } } })).status).toBe(409);
    await submit(admin, draft.id, { note: "test run" });
    const switchedOff = await createForm(admin, { isActive: false, status: "active" }, SIMPLE);
    expect((await call("POST", "/submissions/save", { token: driver, body: { formId: switchedOff.id, values: { note: "x" } } })).status).toBe(409);
    await submit(admin, switchedOff.id, { note: "test run" });
    const inactive = await createForm(admin, { status: "inactive" }, SIMPLE);
    expect((await call("POST", "/submissions/save", { token: admin, body: { formId: inactive.id, values: { note: "x" } } })).status).toBe(409);
  });

  it("shows each caller the state of a form: draft, assigned, active, inactive", async () => {
    const assigned = await createForm(admin, { assignedRoles: ["user"] }, SIMPLE);
    const draft = await createForm(admin, { isActive: false, status: "active" }, SIMPLE);
    const inactive = await createForm(admin, { status: "inactive" }, SIMPLE);
    const stateFor = async (token: string) => {
      const all = await call("GET", "/form?activeOnly=false&sort_by=id&sort_direction=desc", { token });
      return (id: number) => all.body.data.forms.find((form: { id: number }) => form.id === id)?.state;
    };
    const forAdmin = await stateFor(admin);
    expect([forAdmin(draft.id), forAdmin(inactive.id)]).toEqual(["draft", "inactive"]);
    // drafts and inactive forms are the administrators' business, as on /home (issue 19)
    const forDriver = await stateFor(driver);
    expect([forDriver(assigned.id), forDriver(draft.id), forDriver(inactive.id)]).toEqual(["assigned", undefined, undefined]);
    const forViewer = await call("GET", `/form/${assigned.id}`, { token: viewer });
    expect(forViewer.body.data.form.state).toBe("active");
    const activeOnly = await call("GET", "/form", { token: driver });
    const ids = activeOnly.body.data.forms.map((form: { id: number }) => form.id);
    expect(ids).toContain(assigned.id);
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(inactive.id);
  });

  it("updates the fields sent and refuses a stale version", async () => {
    const form = await createForm(admin, { canBeShared: true }, SIMPLE);
    const updated = await call("POST", "/form", { token: admin, body: { formId: form.id, version: form.version, name: "Renamed" } });
    expect(updated.status).toBe(200);
    expect(updated.body.data.form).toMatchObject({ name: "Renamed", canBeShared: true, version: form.version + 1 });
    const stale = await call("POST", "/form", { token: admin, body: { formId: form.id, version: form.version, name: "Again" } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(STALE);
    expect((await call("POST", "/form", { token: admin, body: { formId: 99999999, name: "Nope" } })).status).toBe(404);
  });
});
