import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../../../tests/http";
import { registerCompany } from "../../../tests/auth-helpers";
import { createForm } from "../../../tests/forms-fixtures";

/**
 * Security issue item 13: a submission counter was off by one after a crash
 * between writes (the totals were added before the submission was written).
 * The totals are now written in the same transaction as the submission, so a
 * submission that is not written is not counted. Each test works in a company
 * of its own, so the company total is exactly what the test did.
 */

const NOTE = { body: [{ type: "text", name: "note", label: { en: "Note", es: "Nota" }, required: true }] };

async function freshCompany() {
  const { tokens } = await registerCompany();
  return tokens.access_token;
}

/** Every total the product shows for a form and its company, and every submission the paged lists reach. */
async function totals(token: string, formId: number) {
  const [form, byForm, byCompany] = await Promise.all([
    call("GET", `/form/${formId}`, { token }),
    call("GET", `/submissions?formId=${formId}&limit=100&sort_direction=asc`, { token }),
    call("GET", "/submissions?limit=100", { token }),
  ]);
  const pages: number[] = [];
  for (let page = 1, last = 1; page <= last; page++) {
    const { body } = await call("GET", `/submissions?formId=${formId}&limit=3&page=${page}&sort_direction=asc`, { token });
    pages.push(...body.submissions.map((entry: { id: number }) => entry.id));
    last = body.totalPages;
  }
  return {
    formCount: form.body.data.form.submissionCount as number,
    formTotal: byForm.body.total as number,
    formListed: byForm.body.submissions.length as number,
    companyTotal: byCompany.body.total as number,
    companyListed: byCompany.body.submissions.length as number,
    pagedIds: pages,
    ids: byForm.body.submissions.map((entry: { id: number }) => entry.id) as number[],
  };
}

const submit = (token: string, formId: number, note: string) => call("POST", "/submissions/save", { token, body: { formId, values: { note } } });

describe("submission totals are written in the same transaction as the submission", () => {
  let admin: string;

  beforeAll(async () => {
    admin = await freshCompany();
  });

  it("a submission whose write fails (its one-response claim is already taken) moves no total", async () => {
    const form = await createForm(admin, { supportsAdditionalResponses: false }, NOTE);
    expect((await submit(admin, form.id, "first")).status).toBe(201);
    const again = await submit(admin, form.id, "second");
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: "submission.already_answered", message: "You have already answered this form" });
    const seen = await totals(admin, form.id);
    expect(seen).toMatchObject({ formCount: 1, formTotal: 1, formListed: 1, companyTotal: 1, companyListed: 1 });
    expect(seen.pagedIds).toEqual(seen.ids);
  });

  it("of 8 concurrent answers by one user to a one-response form, one is written and every total counts one", async () => {
    const form = await createForm(admin, { supportsAdditionalResponses: false }, NOTE);
    const before = (await call("GET", "/submissions?limit=1", { token: admin })).body.total as number;
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => submit(admin, form.id, `race ${i}`)));
    expect(results.map((result) => result.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const seen = await totals(admin, form.id);
    expect(seen).toMatchObject({ formCount: 1, formTotal: 1, formListed: 1, companyTotal: before + 1 });
  });

  it("20 concurrent submissions give every total 20, at positions 1..20 that the pages cover exactly once", async () => {
    const company = await freshCompany();
    const form = await createForm(company, { supportsAdditionalResponses: true }, NOTE);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => submit(company, form.id, `burst ${i}`)));
    expect(results.map((result) => result.status)).toEqual(Array<number>(20).fill(201));
    const created = results.map((result) => result.body.submission.id as number).sort((a, b) => a - b);
    const seen = await totals(company, form.id);
    expect(seen).toMatchObject({ formCount: 20, formTotal: 20, formListed: 20, companyTotal: 20, companyListed: 20 });
    expect([...seen.ids].sort((a, b) => a - b)).toEqual(created);
    expect([...seen.pagedIds].sort((a, b) => a - b)).toEqual(created);
  });
});
