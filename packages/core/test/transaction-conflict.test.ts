import { afterEach, describe, expect, it } from "vitest";
import { CONFLICT_ATTEMPTS, createWriteTransaction } from "../src/db/electrodb";
import { documentClient } from "../src/db/client";
import { UsageEntity } from "../src/tenant/usage.entity";

/*
 * DynamoDB cancels a transaction that meets another on one of its items (`TransactionConflict`): two people of
 * a company adding users at the same moment both write the month's usage. DynamoDB Local runs transactions one
 * at a time and never answers so; the cancellation is played here in front of the real call.
 */
const cancelled = (codes: string[]) =>
  Object.assign(new Error(`Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(", ")}]`), {
    name: "TransactionCanceledException",
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

let answers: Error[] = [];
let sent = 0;
let installed = false;
function install() {
  if (installed) return;
  installed = true;
  documentClient().middlewareStack.add((next, context) => async (args) => {
    if (context.commandName !== "TransactWriteItemsCommand") return next(args);
    sent++;
    const answer = answers.shift();
    if (answer) throw answer;
    return next(args);
  });
}
afterEach(() => {
  answers = [];
});

const addOne = (companyId: string) =>
  createWriteTransaction({ usage: UsageEntity }, ({ usage }) => [usage.update({ companyId, period: "2026-11" }).add({ submissions: 1 }).commit()]).go();
const count = async (companyId: string) => (await UsageEntity.get({ companyId, period: "2026-11" }).go({ consistent: true })).data?.submissions ?? 0;

describe("a write transaction cancelled by a conflict", () => {
  it("is sent again, and written once", async () => {
    install();
    const companyId = `conflict-${Date.now()}`;
    answers = [cancelled(["TransactionConflict"]), cancelled(["TransactionConflict"])];
    const before = sent;
    expect(await addOne(companyId)).toMatchObject({ canceled: false });
    expect(sent - before).toBe(3);
    expect(await count(companyId)).toBe(1);
  });

  it("is the caller's to read when a condition failed too, or when the conflicts outlast the attempts", async () => {
    install();
    const companyId = `conflict-${Date.now()}-b`;
    answers = [cancelled(["ConditionalCheckFailed", "TransactionConflict"])];
    let before = sent;
    expect(await addOne(companyId)).toMatchObject({ canceled: true, data: [{ code: "ConditionalCheckFailed" }, { code: "TransactionConflict" }] });
    expect(sent - before).toBe(1);

    answers = Array.from({ length: CONFLICT_ATTEMPTS }, () => cancelled(["TransactionConflict"]));
    before = sent;
    expect(await addOne(companyId)).toMatchObject({ canceled: true, data: [{ code: "TransactionConflict" }] });
    expect(sent - before).toBe(CONFLICT_ATTEMPTS);
    expect(await count(companyId)).toBe(0);
  });
});
