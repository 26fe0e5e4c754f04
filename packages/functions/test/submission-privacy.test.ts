import { beforeAll, describe, expect, it } from "vitest";
import * as Company from "@fleetforms/core/company/index";
import { signAccessToken } from "@fleetforms/core/auth/token";
import { SubmissionAuthorEntity } from "@fleetforms/core/submission/submission.entity";
import { indexStatuses } from "@fleetforms/core/submission/status-index";
import { parseCsv } from "@fleetforms/core/util/csv";
import * as Vehicle from "@fleetforms/core/vehicle/index";
import { call, unique } from "../../../tests/http";
import { freshUser, origin } from "../../../tests/auth-helpers";
import { createForm, fetchBytes, png, uploadAsset } from "../../../tests/forms-fixtures";

/*
 * Issue 36, finding 7: a driver (role `user`) listed and opened every colleague's submission, its answers and
 * its PDF. A user sees the submissions they made (list, detail, PDF, preview, history, share, export, home and
 * activity); viewers and administrators see the company's, as before. Each test fails if the rule is undone.
 */

const NOTE = { body: [{ type: "text", name: "note", label: { en: "Note", es: "Nota" }, required: true }] };

type Person = { userId: string; token: string };
let admin: Person;
let alice: Person;
let bob: Person;
let viewer: Person;
let formId: number;
let otherFormId: number;
const ids = { alice: [] as number[], bob: [] as number[] };

async function seated(companyId: string, role: "orgadmin" | "user" | "viewer"): Promise<Person> {
  const person = await freshUser({ seats: [[companyId, role]] });
  return { userId: person.user.userId, token: await signAccessToken({ sub: person.user.userId, username: person.username, companyId, role, companies: 1 }) };
}

async function submit(person: Person, form: number, note: string) {
  const response = await call("POST", "/submissions/save", { token: person.token, body: { formId: form, values: { note } } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.submission.id as number;
}

const listed = async (person: Person, query = "") => {
  const response = await call("GET", `/submissions?limit=100${query}`, { token: person.token });
  expect(response.status).toBe(200);
  return response.body as { submissions: { id: number; submittedById: string }[]; total: number; totalPages: number };
};

beforeAll(async () => {
  const company = await Company.create({ name: unique("Privacy Co ") });
  [admin, alice, bob, viewer] = await Promise.all([seated(company.companyId, "orgadmin"), seated(company.companyId, "user"), seated(company.companyId, "user"), seated(company.companyId, "viewer")]);
  formId = (await createForm(admin.token, { supportsAmendments: true, canBeShared: true, needsApproval: true }, NOTE)).id;
  otherFormId = (await createForm(admin.token, {}, NOTE)).id;
  for (let i = 0; i < 3; i++) ids.alice.push(await submit(alice, formId, `alice incident ${i}`));
  ids.alice.push(await submit(alice, otherFormId, "alice fuel"));
  ids.bob.push(await submit(bob, formId, "bob incident"));
});

describe("the list", () => {
  it("shows a user only the submissions they made, with totals and pages of theirs", async () => {
    const mine = await listed(alice);
    expect(mine.submissions.map((entry) => entry.id).sort()).toEqual([...ids.alice].sort());
    expect(mine.total).toBe(4);
    expect(mine.submissions.every((entry) => entry.submittedById === alice.userId)).toBe(true);
    expect((await listed(bob)).submissions.map((entry) => entry.id)).toEqual(ids.bob);
    // a page of two, newest first, then the rest
    const first = await call("GET", "/submissions?limit=2&page=1", { token: alice.token });
    const second = await call("GET", "/submissions?limit=2&page=2&sort_direction=desc", { token: alice.token });
    expect(first.body.totalPages).toBe(2);
    expect([...first.body.submissions, ...second.body.submissions].map((entry: { id: number }) => entry.id)).toEqual([...ids.alice].reverse());
  });

  it("filters a user's own by form and by status", async () => {
    expect((await listed(alice, `&formId=${formId}`)).submissions.map((entry) => entry.id)).toEqual(ids.alice.slice(0, 3).reverse());
    expect((await listed(alice, `&formId=${otherFormId}`)).submissions.map((entry) => entry.id)).toEqual([ids.alice[3]]);
    expect((await listed(alice, "&status=pending_approval")).submissions.map((entry) => entry.id)).toEqual(ids.alice.slice(0, 3).reverse());
    expect((await listed(bob, "&status=submitted")).submissions).toEqual([]);
  });

  it("follows a status change: an approved submission leaves the author's waiting list and joins their approved one", async () => {
    const id = ids.alice[0]!;
    expect((await call("POST", `/submissions/${id}/approve`, { token: admin.token, body: { version: 1 } })).status).toBe(200);
    expect((await listed(alice, "&status=approved")).submissions.map((entry) => entry.id)).toEqual([id]);
    expect((await listed(alice, "&status=pending_approval")).submissions.map((entry) => entry.id)).not.toContain(id);
    expect((await listed(bob, "&status=approved")).submissions).toEqual([]);
  });

  it("shows viewers and administrators the company's, as before", async () => {
    for (const person of [viewer, admin]) {
      const all = (await listed(person)).submissions.map((entry) => entry.id);
      for (const id of [...ids.alice, ...ids.bob]) expect(all).toContain(id);
    }
  });

  it("lists a submission made before the author keys existed once the backfill has run", async () => {
    const id = await submit(bob, otherFormId, "bob before the keys");
    const { data: keys } = await SubmissionAuthorEntity.query.byAuthor({ companyId: (await Company.seatsOfUser(bob.userId))[0]!.companyId, userId: bob.userId }).go({ pages: "all" });
    await SubmissionAuthorEntity.delete(keys.filter((key) => key.submissionId === id)).go();
    expect((await listed(bob)).submissions.map((entry) => entry.id)).not.toContain(id);
    expect(await indexStatuses()).toBeGreaterThan(0);
    expect((await listed(bob)).submissions.map((entry) => entry.id)).toContain(id);
  });
});

describe("a submission's photos and signatures", () => {
  it("are not found for a colleague on every asset route, and open for the author, a viewer and an administrator", async () => {
    const form = await createForm(admin.token, { supportsAmendments: true }, { body: [{ type: "photo", name: "p", label: { en: "Photo" } }, { type: "photo", name: "q", label: { en: "Second photo" } }] });
    const photo = await uploadAsset(bob.token, png(36));
    const saved = await call("POST", "/submissions/save", { token: bob.token, body: { formId: form.id, values: { p: photo.id } } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const reads = (id: number) => [`/v2/assets/${id}`, `/v2/assets/${id}/content`, `/v2/assets/${id}/src`, `/v2/assets/${id}/status`, `/assets/content/${id}`];
    for (const path of reads(photo.id)) {
      expect((await fetchBytes(path, alice.token)).status, path).toBe(404);
      for (const person of [bob, viewer, admin]) expect((await fetchBytes(path, person.token)).status, path).toBeLessThan(400);
    }
    expect((await call("POST", "/assets/token", { token: alice.token, body: { assetId: photo.id } })).status).toBe(404);
    expect((await call("POST", "/assets/token", { token: bob.token, body: { assetId: photo.id } })).status).toBe(200);

    // a file an administrator adds to Bob's submission is Bob's to read, and still not Alice's
    const added = await uploadAsset(admin.token, png(37));
    const amended = await call("POST", `/submissions/${saved.body.submission.id}/amend`, { token: admin.token, body: { version: saved.body.submission.version, values: { p: photo.id, q: added.id } } });
    expect(amended.status, JSON.stringify(amended.body)).toBe(200);
    expect((await fetchBytes(`/v2/assets/${added.id}/content`, bob.token)).status).toBe(200);
    expect((await fetchBytes(`/v2/assets/${added.id}/content`, alice.token)).status).toBe(404);
  });
});

describe("one submission", () => {
  const reads = (id: number) => [`/submissions/${id}`, `/submissions/${id}/history`, `/submissions/preview/${id}`];

  it("is not found for a colleague on every read, the answers never shown", async () => {
    const id = ids.bob[0]!;
    for (const path of [...reads(id), `/submissions/download/${id}`]) {
      const response = await call("GET", path, { token: alice.token });
      expect(response.status, path).toBe(404);
      expect(response.body).toMatchObject({ code: "submission.not_found", message: "Submission not found" });
    }
    for (const [path, body] of [[`/submissions/${id}/share`, { expiresInHours: 1 }], [`/submissions/${id}/amend`, { version: 1, values: { note: "mine now" } }]] as const) {
      const response = await call("POST", path, { token: alice.token, body });
      expect(response.status, path).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain("bob incident");
    }
    const detail = await call("GET", `/submissions/${id}`, { token: bob.token });
    expect(detail.body.submission.values.note).toBe("bob incident");
  });

  it("opens for its author, a viewer and an administrator", async () => {
    const id = ids.alice[1]!;
    for (const person of [alice, viewer, admin]) for (const path of reads(id)) expect((await call("GET", path, { token: person.token })).status, path).toBe(200);
    expect((await call("POST", `/submissions/${id}/share`, { token: alice.token, body: { expiresInHours: 1 } })).status).toBe(201);
  });
});

describe("the export", () => {
  async function exported(person: Person, body: Record<string, unknown>) {
    const started = await call("POST", "/submissions/export", { token: person.token, body });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    for (let i = 0; i < 200; i++) {
      const answer = await call("GET", `/submissions/exports/${encodeURIComponent(started.body.data.export.id)}`, { token: person.token });
      const run = answer.body.data.export;
      if (run.status === "succeeded") return { total: started.body.data.export.total as number, rows: parseCsv(await (await fetch(run.parts[0].url.replace(/^https?:\/\/[^/]+/, origin()))).text()).slice(1) };
      if (run.status === "failed") throw new Error(run.error);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("the export did not finish");
  }

  it("lists a user's own submissions only, of all forms or one", async () => {
    const all = await exported(alice, { format: "csv", lang: "en" });
    expect(all.total).toBe(4);
    expect(all.rows.map((row) => Number(row[0])).sort()).toEqual([...ids.alice].sort());
    const one = await exported(alice, { format: "csv", lang: "en", formId });
    expect(one.rows.map((row) => Number(row[0]))).toEqual(ids.alice.slice(0, 3));
    const byAdmin = await exported(admin, { format: "csv", lang: "en", formId });
    expect(byAdmin.rows.map((row) => Number(row[0]))).toEqual(expect.arrayContaining([...ids.alice.slice(0, 3), ...ids.bob]));
  });

  it("is refused as empty for a user who made none, though colleagues did", async () => {
    const response = await call("POST", "/submissions/export", { token: (await seatedLike(alice)).token, body: { format: "csv", formId } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: "export.empty" });
  });
});

async function seatedLike(person: Person) {
  const [seat] = await Company.seatsOfUser(person.userId);
  return seated(seat!.companyId, "user");
}

/** A VIN with its check digit right (SPEC: the register checks it). */
function validVin() {
  const draft = `1XKYD49X0KJ${String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0")}`;
  return `${draft.slice(0, 8)}${Vehicle.checkDigitOf(draft)}${draft.slice(9)}`;
}

describe("a vehicle's page", () => {
  it("lists a user only their own submissions that picked the vehicle; a viewer all of them", async () => {
    const suffix = unique("").slice(-8).toUpperCase();
    const made = await call("POST", "/vehicles", { token: admin.token, body: { vehicleNumber: `P${suffix}`, vin: validVin(), type: "truck" } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const vehicleId = made.body.data.vehicle.id as string;
    const checks = (await createForm(admin.token, {}, { body: [{ type: "vehicle", name: "vehicle", label: { en: "Vehicle" }, required: true }] })).id;
    const pick = async (person: Person) => {
      const saved = await call("POST", "/submissions/save", { token: person.token, body: { formId: checks, values: { vehicle: { type: "vehicle", id: vehicleId } } } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      return saved.body.submission.id as number;
    };
    const [byAlice, byBob] = [await pick(alice), await pick(bob)];
    const seen = async (person: Person) => ((await call("GET", `/vehicles/${vehicleId}`, { token: person.token })).body.data.submissions as { id: number }[]).map((entry) => entry.id);
    expect(await seen(alice)).toEqual([byAlice]);
    expect(await seen(bob)).toEqual([byBob]);
    expect((await seen(viewer)).sort()).toEqual([byAlice, byBob].sort());
  });
});

describe("activity and home", () => {
  it("show a user their own submissions' entries (an administrator's approval of theirs too), not a colleague's", async () => {
    const feed = await call("GET", "/activity?kind=submission&limit=100", { token: alice.token });
    expect(feed.status).toBe(200);
    const subjects = feed.body.data.activity.map((entry: { subject: { id: string }; action: string }) => `${entry.action} ${entry.subject.id}`);
    expect(subjects).toContain(`submission.created ${ids.alice[2]}`);
    expect(subjects).toContain(`submission.approved ${ids.alice[0]}`);
    expect(subjects).not.toContain(`submission.created ${ids.bob[0]}`);
    const home = await call("GET", "/home", { token: bob.token });
    expect(home.status).toBe(200);
    const seen = home.body.data.activity.map((entry: { subject: { type: string; id: string } }) => entry.subject).filter((subject: { type: string }) => subject.type === "submission").map((subject: { id: string }) => Number(subject.id));
    expect(seen.length).toBeGreaterThan(0);
    for (const id of seen) expect(ids.alice).not.toContain(id);
  });

  it("show a viewer every colleague's submission entries, as before", async () => {
    const feed = await call("GET", "/activity?kind=submission&limit=100", { token: viewer.token });
    const subjects = feed.body.data.activity.map((entry: { subject: { id: string }; action: string }) => `${entry.action} ${entry.subject.id}`);
    expect(subjects).toEqual(expect.arrayContaining([`submission.created ${ids.alice[2]}`, `submission.created ${ids.bob[0]}`]));
  });
});
