import * as Electro from "electrodb";
import { describe, expect, it } from "vitest";
import { documentClient } from "../src/db/client";
import { Entity, createWriteTransaction } from "../src/db/electrodb";
import { getOne } from "../src/db/get-many";
import { ActivityEntity } from "../src/activity/activity.entity";
import { ActivityStampEntity } from "../src/activity/stamp.entity";
import { SubmissionEntity } from "../src/submission/submission.entity";
import { UserEntity } from "../src/user/user.entity";
import { tableName } from "../src/util/config";

/*
 * What the product keeps around ElectroDB (db/electrodb.ts), each against DynamoDB Local; where ElectroDB on
 * its own does otherwise, the same call through ElectroDB alone shows it.
 */

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const config = () => ({ client: documentClient(), table: tableName() });

const meterModel = {
  model: { entity: "aroundMeter", version: "1", service: "fftest" },
  attributes: { id: { type: "string", required: true }, count: { type: "number" }, kind: { type: "string" } },
  indexes: { byId: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [] } } },
} as const;

describe("a where clause with a top-level OR", () => {
  const below5 = ({ count }: any, { notExists, lt }: any) => `${notExists(count)} OR ${lt(count, 5)}`;
  // (a comparison with a missing attribute is false, except `<>`: this one holds for an item that does not exist)
  const notDone = ({ count, kind }: any, { notExists, ne }: any) => `${notExists(count)} OR ${ne(kind, "done")}`;

  it("keeps a patch's existence check: a missing item is not created", async () => {
    const meters = new Entity(meterModel, config());
    const id = `or-${run}`;
    await expect(meters.patch({ id }).add({ count: 1 }).where(notDone).go()).rejects.toThrow(/conditional request failed/i);
    expect((await meters.get({ id }).go({ consistent: true })).data).toBeNull();
    // ElectroDB alone joins the clause without parentheses, and the patch creates the item
    const alone = new Electro.Entity(meterModel, config());
    expect(alone.patch({ id }).add({ count: 1 }).where(notDone).params().ConditionExpression).toMatch(/^attribute_exists\(#pk\) AND attribute_exists\(#sk\) AND attribute_not_exists\(#count\) OR/);
    await alone.patch({ id }).add({ count: 1 }).where(notDone).go();
    expect((await meters.get({ id }).go({ consistent: true })).data).toEqual({ id, count: 1 });
  });

  it("still applies the patch's OR to an item that exists, and filters a query with clauses after it", async () => {
    const meters = new Entity(meterModel, config());
    const id = `or-b-${run}`;
    await meters.put({ id, count: 4, kind: "x" }).go();
    await meters.patch({ id }).add({ count: 1 }).where(below5).go();
    await expect(meters.patch({ id }).add({ count: 1 }).where(below5).go()).rejects.toThrow(/conditional request failed/i);
    expect((await meters.get({ id }).go({ consistent: true })).data).toEqual({ id, count: 5, kind: "x" });
    const filtered = await meters.query.byId({ id }).where(below5).where(({ kind }: any, { eq }: any) => eq(kind, "y")).go();
    expect(filtered.data).toEqual([]);
  });
});

describe("a conditional index's partition key", () => {
  // the report schedules' due index (report/report.entity.ts), under a name that sorts after theirs
  const scheduleModel = {
    model: { entity: "zzaroundschedule", version: "1", service: "ff" },
    attributes: {
      companyId: { type: "string", required: true },
      scheduleId: { type: "string", required: true },
      status: { type: ["active", "paused"] as const, required: true, default: "active" },
      nextRunAt: { type: "string", required: true },
    },
    indexes: {
      byCompany: { pk: { field: "pk", composite: ["companyId"] }, sk: { field: "sk", composite: ["scheduleId"] } },
      due: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: [] },
        sk: { field: "gsi1sk", composite: ["nextRunAt", "companyId", "scheduleId"] },
        condition: (attributes: { status?: string }) => attributes.status !== "paused",
      },
    },
  } as const;

  it("is written again when a paused item is resumed, so it is due again", async () => {
    for (const [label, schedules, inIndexAfterResume] of [
      ["ours", new Entity(scheduleModel, config()), true],
      ["ElectroDB alone", new Electro.Entity(scheduleModel, config()), false],
    ] as const) {
      const key = { companyId: `c-${run}`, scheduleId: `${label.length}` };
      const at = (year: number) => `${year}-${run}-${key.scheduleId}`;
      const due = async (nextRunAt: string) => (await schedules.query.due({}).begins({ nextRunAt }).go()).data.map((item) => item.scheduleId);
      await schedules.create({ ...key, nextRunAt: at(2001) }).go();
      expect(await due(at(2001)), label).toEqual([key.scheduleId]);
      await schedules.patch(key).set({ status: "paused", nextRunAt: at(2002) }).go();
      expect(await due(at(2002)), label).toEqual([]);
      await schedules.patch(key).set({ status: "active", nextRunAt: at(2003) }).go();
      expect(await due(at(2003)), label).toEqual(inIndexAfterResume ? [key.scheduleId] : []);
    }
  });

  it("is written in a transaction's update too", async () => {
    const schedules = new Entity(scheduleModel, config());
    const key = { companyId: `c-${run}`, scheduleId: "tx" };
    await schedules.create({ ...key, status: "paused", nextRunAt: `2004-${run}` }).go();
    await createWriteTransaction({ schedules }, (entities) => [entities.schedules.patch(key).set({ status: "active", nextRunAt: `2005-${run}` }).commit()]).go();
    expect((await schedules.query.due({}).begins({ nextRunAt: `2005-${run}` }).go()).data).toEqual([{ ...key, status: "active", nextRunAt: `2005-${run}` }]);
  });
});

describe("an add to a key's composite", () => {
  it("is refused, where ElectroDB alone would build the key from the amount", () => {
    expect(() => SubmissionEntity.update({ companyId: "c", submissionId: 1 }).add({ formSeq: 1 })).toThrow(/Refused: add on formSeq, of which a key is composed/);
    expect(() => SubmissionEntity.patch({ companyId: "c", submissionId: 1 }).subtract({ companySeq: 1 })).toThrow(/Refused: subtract on companySeq/);
    const alone = new Electro.Entity((SubmissionEntity as unknown as { schema: never }).schema, config()) as any;
    expect(alone.update({ companyId: "c", submissionId: 1 }).add({ formSeq: 1 }).params().ExpressionAttributeValues).toMatchObject({ ":gsi1sk_u0": "$submission_1#formseq_000000000001" });
  });
});

describe("the followers of puts", () => {
  it("raise the activity stamp after a put, a create, a batch and a transaction, and not after a cancelled one", async () => {
    const companyId = `stamp-${run}`;
    const seq = async () => (await ActivityStampEntity.get({ companyId }).go({ consistent: true })).data?.seq ?? 0;
    const entry = (n: number) => ({ companyId, activityId: `${n}`, at: "2026-11-28T00:00:00.000Z", actorId: "u", actorName: "U", action: "test.done", subjectType: "test", subjectId: "s" });
    await ActivityEntity.put(entry(1)).go();
    expect(await seq()).toBe(1);
    await ActivityEntity.create(entry(2)).go();
    expect(await seq()).toBe(2);
    await ActivityEntity.put([entry(3), entry(4)]).go();
    expect(await seq()).toBe(3);
    await createWriteTransaction({ activity: ActivityEntity }, ({ activity }) => [activity.create(entry(5)).commit()]).go();
    expect(await seq()).toBe(4);
    const cancelled = await createWriteTransaction({ activity: ActivityEntity }, ({ activity }) => [activity.create(entry(6)).commit(), activity.create(entry(1)).commit()]).go();
    expect(cancelled.canceled).toBe(true);
    expect(await seq()).toBe(4);
  });
});

describe("batches", () => {
  it("send again the writes DynamoDB left unprocessed", async () => {
    const meters = new Entity(meterModel, config());
    let first = true;
    // the first BatchWriteItem: DynamoDB takes the first item and leaves the rest unprocessed
    documentClient().middlewareStack.add((next, context) => async (args) => {
      if (context.commandName !== "BatchWriteItemCommand" || !first) return next(args);
      first = false;
      const input = args.input as { RequestItems: Record<string, unknown[]> };
      const [table, requests] = Object.entries(input.RequestItems)[0]!;
      const sent = await next({ ...args, input: { RequestItems: { [table]: requests.slice(0, 1) } } });
      return { ...sent, output: { ...(sent.output as object), UnprocessedItems: { [table]: requests.slice(1) } } } as typeof sent;
    }, { step: "initialize", name: "leaveUnprocessed" });
    try {
      const ids = [1, 2, 3].map((n) => `batch-${run}-${n}`);
      expect(await meters.put(ids.map((id) => ({ id, count: 1 }))).go()).toEqual({ unprocessed: [] });
      expect(first).toBe(false);
      expect((await meters.get(ids.map((id) => ({ id }))).go({ consistent: true, preserveBatchOrder: true })).data).toEqual(ids.map((id) => ({ id, count: 1 })));
    } finally {
      documentClient().middlewareStack.remove("leaveUnprocessed");
    }
  });

  it("read with the keys asked for in the same turn, in one BatchGetItem, in order when asked", async () => {
    const operations: string[] = [];
    documentClient().middlewareStack.add((next, context) => async (args) => {
      operations.push(context.commandName ?? "");
      return next(args);
    }, { name: "countBatchGets" });
    try {
      const [users, admin] = await Promise.all([
        UserEntity.get([{ userId: "demo-acme-driver" }, { userId: "no-such-user" }, { userId: "demo-acme-viewer" }]).go({ preserveBatchOrder: true, attributes: ["userId", "username"] }),
        getOne(UserEntity, { userId: "demo-acme-admin" }),
      ]);
      expect(operations).toEqual(["BatchGetItemCommand"]);
      expect(users.data).toEqual([{ userId: "demo-acme-driver", username: "acme_driver" }, null, { userId: "demo-acme-viewer", username: "acme_viewer" }]);
      expect(admin).toMatchObject({ userId: "demo-acme-admin" });
    } finally {
      documentClient().middlewareStack.remove("countBatchGets");
    }
  });
});
