import { afterEach, describe, expect, it, vi } from "vitest";
import { instantOf, nextRun, type Cadence } from "../src/report/cadence";
import { consumeLocally, drained, enqueue, MAX_ATTEMPTS, type ReportMessage } from "../src/report/queue";
import readXlsxFile from "read-excel-file/node";
import { streamSheet } from "../src/util/xlsx-write";

const iso = (ms: number) => new Date(ms).toISOString();
const at = (text: string) => Date.parse(text);
const weekly: Cadence = { kind: "weekly", day: 1, time: "07:00" };

describe("the next run of a schedule", () => {
  it("keeps the wall-clock time across daylight-saving changes in Chicago and Madrid", () => {
    // Chicago springs forward on 2026-03-08: 07:00 is 13:00Z before and 12:00Z after
    expect(iso(nextRun(weekly, "America/Chicago", at("2026-03-02T00:00:00Z")))).toBe("2026-03-02T13:00:00.000Z");
    expect(iso(nextRun(weekly, "America/Chicago", at("2026-03-02T13:00:00Z")))).toBe("2026-03-09T12:00:00.000Z");
    // Madrid springs forward on 2026-03-29 (07:00 is 06:00Z before, 05:00Z after) and falls back on 2026-10-25
    expect(iso(nextRun({ kind: "daily", time: "07:00" }, "Europe/Madrid", at("2026-03-28T06:00:00Z")))).toBe("2026-03-29T05:00:00.000Z");
    expect(iso(nextRun({ kind: "daily", time: "07:00" }, "Europe/Madrid", at("2026-10-24T05:00:00Z")))).toBe("2026-10-25T06:00:00.000Z");
  });

  it("runs a time lost to spring-forward just after the gap, and a repeated time the first time", () => {
    expect(iso(instantOf(2026, 3, 8, 2, 30, "America/Chicago"))).toBe("2026-03-08T08:30:00.000Z");
    expect(iso(nextRun({ kind: "daily", time: "02:30" }, "America/Chicago", at("2026-03-07T09:00:00Z")))).toBe("2026-03-08T08:30:00.000Z");
    expect(iso(instantOf(2026, 11, 1, 1, 30, "America/Chicago"))).toBe("2026-11-01T06:30:00.000Z");
    expect(iso(nextRun({ kind: "daily", time: "01:30" }, "America/Chicago", at("2026-11-01T06:30:00Z")))).toBe("2026-11-02T07:30:00.000Z");
  });

  it("runs a monthly day past the month's end on its last day, and moves on from the month end", () => {
    const monthly: Cadence = { kind: "monthly", day: 31, time: "07:00" };
    expect(iso(nextRun(monthly, "Europe/Madrid", at("2026-02-01T00:00:00Z")))).toBe("2026-02-28T06:00:00.000Z");
    expect(iso(nextRun(monthly, "Europe/Madrid", at("2026-02-28T06:00:00Z")))).toBe("2026-03-31T05:00:00.000Z");
    expect(iso(nextRun(monthly, "America/Chicago", at("2028-02-01T00:00:00Z")))).toBe("2028-02-29T13:00:00.000Z");
    // strictly after: a run at its own time moves to the next
    expect(nextRun(weekly, "UTC", at("2026-11-23T07:00:00Z"))).toBe(at("2026-11-30T07:00:00Z"));
  });
});

describe("the local reports queue", () => {
  afterEach(() => {
    consumeLocally(undefined);
    vi.unstubAllEnvs();
  });
  const message = (runId: string): ReportMessage => ({ companyId: "c", scheduleId: "s", runId });

  it("retries a failing report with back-off, at most three times, while others go on", async () => {
    vi.stubEnv("FLEETFORMS_LOCAL", "1");
    vi.stubEnv("FLEETFORMS_REPORT_BACKOFF_MS", "5");
    const seen: string[] = [];
    consumeLocally(async (m, attempt) => {
      seen.push(`${m.runId}:${attempt}`);
      if (m.runId === "bad") throw new Error("no");
    });
    await enqueue([message("bad"), message("good-1"), message("good-2")]);
    await drained();
    expect(seen.filter((entry) => entry.startsWith("bad"))).toEqual(["bad:1", "bad:2", "bad:3"]);
    expect(seen.filter((entry) => entry.startsWith("good"))).toEqual(["good-1:1", "good-2:1"]);
    expect(MAX_ATTEMPTS).toBe(3);
  });
});

describe("the XLSX writer", () => {
  it("writes text that reads back as written, escaped, in another library", async () => {
    const rows = [["A & B", "<tag>", "ñandú"], ["1", "x", 'quote " here']];
    const chunks: Buffer[] = [];
    await streamSheet(rows, async (chunk) => void chunks.push(chunk), { sheetName: "Report" });
    const [sheet] = await readXlsxFile(Buffer.concat(chunks));
    expect(sheet!.data).toEqual(rows);
  });
});

describe("a report that keeps failing", () => {
  it("is retried, then recorded failed and the company's admins are told", async () => {
    const { ReportRunEntity, ReportScheduleEntity } = await import("../src/report/report.entity");
    const { SeatEntity } = await import("../src/company/company.entity");
    const { processRun } = await import("../src/report/worker");
    const { outboxFor } = await import("../../../tests/auth-helpers");
    // the worker's file has nowhere to go: a bucket that does not exist (set before this process first uses S3)
    process.env.SST_Bucket_bucketName_Uploads = "no-such-bucket-for-reports";
    const companyId = `failing-${Date.now()}`;
    const admin = `admin-${Date.now()}@example.com`;
    await SeatEntity.put({ companyId, userId: "boss", role: "orgadmin", status: "active", email: admin, lang: "es", username: "boss" }).go();
    await ReportScheduleEntity.create({ companyId, scheduleId: "s1", name: "Daily fuel", formIds: [], period: "previous_day", format: "csv", lang: "en", recipientEmails: ["x@example.com"], cadence: '{"kind":"daily","time":"07:00"}', timeZone: "UTC", nextRunAt: "2030-01-01T07:00:00.000Z", createdBy: "t" }).go();
    const runId = "2026-11-23T07:00:00.000Z#abcd";
    await ReportRunEntity.create({ companyId, scheduleId: "s1", runId, trigger: "scheduled", periodStart: "2026-11-22T07:00:00.000Z", periodEnd: "2026-11-23T07:00:00.000Z" }).go();
    const message = { companyId, scheduleId: "s1", runId };

    await expect(processRun(message, 1)).rejects.toThrow();
    expect((await ReportRunEntity.get(message).go()).data).toMatchObject({ status: "queued", attempts: 1 });
    await expect(processRun(message, 2)).rejects.toThrow();
    await processRun(message, 3);
    const run = (await ReportRunEntity.get(message).go()).data!;
    expect(run).toMatchObject({ status: "failed", attempts: 3 });
    expect(run.error).toBeTruthy();
    const [told] = await outboxFor(admin);
    expect(told!.subject).toBe("Informe fallido: Daily fuel");
    // a message delivered again after the end changes nothing
    await processRun(message, 3);
    expect(await outboxFor(admin)).toHaveLength(1);
  });
});
