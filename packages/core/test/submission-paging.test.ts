import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../src/auth/claims";
import { documentClient } from "../src/db/client";
import * as Form from "../src/form";
import * as Submission from "../src/submission";
import * as Company from "../src/company";
import { SubmissionStatusEntity } from "../src/submission/submission.entity";
import { indexStatuses } from "../src/submission/status-index";

const SIMPLE = { body: [{ type: "number", name: "n", label: { en: "N" } }] };

let admin: Actor;
let driver: Actor;
let formId: number;
const TOTAL = 23;

/** Every DynamoDB command the code under test sends, with its input. */
const sent: { name: string; input: Record<string, unknown> }[] = [];
let recording = false;

beforeAll(async () => {
  const company = await Company.create({ name: `Paging ${Date.now()}` });
  admin = { userId: "paging-admin", username: "paging_admin", companyId: company.companyId, role: "orgadmin", isProviderAdmin: false };
  driver = { ...admin, userId: "paging-driver", username: "paging_driver", role: "user" };
  const form = await Form.save(admin, { name: "Paged", isActive: true, status: "active", formDefinition: SIMPLE });
  formId = form.formId;
  for (let n = 1; n <= TOTAL; n++) await Submission.save(driver, { formId, values: { n } });
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      if (recording) sent.push({ name: String(context.commandName), input: args.input as Record<string, unknown> });
      return next(args);
    },
    { step: "initialize", name: "pagingTestRecorder" },
  );
});

async function record<T>(run: () => Promise<T>) {
  sent.length = 0;
  recording = true;
  try {
    return await run();
  } finally {
    recording = false;
  }
}

describe("submissions are paged by position", () => {
  it("reads page N with one Query over its own key range, whatever N is", async () => {
    const page = await record(() => Submission.list(admin, { formId, page: 3, limit: 5 }));
    expect(page).toMatchObject({ total: TOTAL, totalPages: 5, page: 3 });
    const values = await Promise.all(page.submissions.map(async (entry) => Submission.valuesOf((await Submission.fromId(admin.companyId!, entry.id))!).n));
    expect(values).toEqual([13, 12, 11, 10, 9]);
    expect(sent.map((command) => command.name)).not.toContain("ScanCommand");
    const queries = sent.filter((command) => command.name === "QueryCommand");
    expect(queries).toHaveLength(1);
    expect(queries[0]!.input.KeyConditionExpression).toMatch(/BETWEEN/);
    expect(queries[0]!.input.IndexName).toBe("gsi1");
  });

  it("reads no more for the last page than for the first, ascending or descending", async () => {
    for (const [page, direction, expected] of [
      [1, "desc", [23, 22, 21, 20, 19]],
      [5, "desc", [3, 2, 1]],
      [1, "asc", [1, 2, 3, 4, 5]],
      [5, "asc", [21, 22, 23]],
    ] as const) {
      const result = await record(() => Submission.list(admin, { formId, page, limit: 5, sort_direction: direction }));
      const numbers = await Promise.all(result.submissions.map(async (entry) => Submission.valuesOf((await Submission.fromId(admin.companyId!, entry.id))!).n));
      expect(numbers, `${page} ${direction}`).toEqual(expected);
      expect(sent.filter((command) => command.name === "QueryCommand")).toHaveLength(1);
    }
    const beyond = await Submission.list(admin, { formId, page: 9, limit: 5 });
    expect(beyond).toMatchObject({ submissions: [], totalPages: 5 });
  });

  it("pages the whole company the same way, with a kept count", async () => {
    const result = await record(() => Submission.list(admin, { page: 2, limit: 10 }));
    expect(result).toMatchObject({ total: TOTAL, totalPages: 3 });
    expect(result.submissions).toHaveLength(10);
    expect(result.submissions.every((entry) => entry.formName === "Paged")).toBe(true);
    const queries = sent.filter((command) => command.name === "QueryCommand");
    expect(queries).toHaveLength(1);
    expect(queries[0]!.input.IndexName).toBe("gsi2");
    expect(sent.map((command) => command.name)).not.toContain("ScanCommand");
  });
});

describe("submissions are paged by status (issue 19)", () => {
  it("reads a status page from the status keys and the page's submissions by id, never a Scan", async () => {
    const result = await record(() => Submission.list(admin, { formId, status: "submitted", page: 2, limit: 10 }));
    expect(result).toMatchObject({ total: TOTAL, totalPages: 3, page: 2 });
    const numbers = await Promise.all(result.submissions.map(async (entry) => Submission.valuesOf((await Submission.fromId(admin.companyId!, entry.id))!).n));
    expect(numbers).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4]);
    const names = sent.map((command) => command.name);
    expect(names).not.toContain("ScanCommand");
    const queries = sent.filter((command) => command.name === "QueryCommand");
    expect(queries.every((query) => query.input.IndexName === "gsi1")).toBe(true);
    // one batch read of the page's ten submissions, not of the twenty-three
    const gets = sent.filter((command) => command.name === "BatchGetItemCommand");
    expect(gets.flatMap((get) => Object.values(get.input.RequestItems as Record<string, { Keys: unknown[] }>).flatMap((request) => request.Keys))).toHaveLength(10);
  });

  it("the backfill gives submissions written before the status keys existed their key", async () => {
    const { data: keys } = await SubmissionStatusEntity.query.byForm({ companyId: admin.companyId!, formId, status: "submitted" }).go({ pages: "all" });
    await SubmissionStatusEntity.delete(keys.slice(0, 5)).go();
    expect((await Submission.list(admin, { formId, status: "submitted" })).total).toBe(TOTAL - 5);
    expect(await indexStatuses()).toBeGreaterThanOrEqual(TOTAL);
    expect((await Submission.list(admin, { formId, status: "submitted" })).total).toBe(TOTAL);
  });
});
