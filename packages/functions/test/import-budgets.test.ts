import { beforeAll, describe, expect, it } from "vitest";
import { call, tokenFor } from "../../../tests/http";
import * as Bombs from "../../../tests/archive-bombs";
import { ARCHIVE_MESSAGES, type ArchiveRefusal } from "@fleetforms/core/util/archive-guard";
import { xlsxOf } from "../../../tests/xlsx-fixture";

/*
 * Issue 36, finding 8: an administrator's hostile .xlsx took seconds of the server's only thread (a cell at
 * column AAAAAA) or inflated one 50 MB entry once per listing (a 58 KB file). Each is refused now, naming
 * its limit, and reading happens in a worker, so the server answers others meanwhile
 * (docs/security.md, "Import and archive budgets").
 */

let admin: string;
beforeAll(async () => {
  admin = await tokenFor("acme_admin");
});

const importXlsx = (file: Buffer) => call("POST", "/vehicles/import", { token: admin, body: { xlsx: file.toString("base64"), dryRun: true } });

async function expectRefused(file: Buffer, code: ArchiveRefusal) {
  const answer = await importXlsx(file);
  expect(answer.status).toBe(400);
  expect(answer.body).toMatchObject({ code, message: ARCHIVE_MESSAGES[code], fieldErrors: { xlsx: [ARCHIVE_MESSAGES[code]] } });
}

describe("POST /vehicles/import refuses hostile spreadsheets, naming the limit", () => {
  it("a few hundred bytes naming column AAAAAA", async () => {
    await expectRefused(Bombs.farColumn(), "file.beyond_grid");
  });

  it("a cell outside the sheet's own dimension", async () => {
    await expectRefused(Bombs.outsideDimension(), "file.outside_dimension");
  });

  it("a directory listing one large deflated entry 800 times", async () => {
    await expectRefused(Bombs.repeatedEntryBomb(), "file.unpacked_too_large");
  });

  it("entries that share a local header or overlap", async () => {
    await expectRefused(Bombs.overlappingEntries("same-offset"), "file.overlapping_parts");
    await expectRefused(Bombs.overlappingEntries("overlap"), "file.overlapping_parts");
  });

  it("a classic high-ratio zip bomb, its sizes told or hidden", async () => {
    await expectRefused(Bombs.classicBomb(), "file.unpacked_too_large");
    await expectRefused(Bombs.classicBomb({ lying: true }), "file.unpacked_too_large");
  });

  it("an XML entity bomb", async () => {
    await expectRefused(Bombs.entityBomb(), "file.xml_entities");
  });

  it("a file the reader would spend seconds on is stopped at the time limit, and the next import reads", { timeout: 60_000 }, async () => {
    await expectRefused(Bombs.slowToRead(), "file.read_time");
    const honest = await importXlsx(xlsxOf([["vehicleNumber"], ["T-budget-1"]]));
    expect(honest.status).toBe(200);
    expect(honest.body.data).toMatchObject({ valid: 1, invalid: 0 });
  });
});

describe("an attacker's import does not hold up other requests", () => {
  it("GET /api/health answers while the attacker's imports are being refused", { timeout: 60_000 }, async () => {
    // warm the reader's worker and the health function, so their cold starts are not what is measured
    expect((await importXlsx(xlsxOf([["vehicleNumber"], ["T-warm"]]))).status).toBe(200);
    expect((await call("GET", "/health")).status).toBe(200);
    const files = [Bombs.slowToRead(), Bombs.farColumn(), Bombs.repeatedEntryBomb()];
    const healthTimes = async (count: number, during?: () => boolean) => {
      const answers: { status: number; ms: number; during: boolean }[] = [];
      for (let i = 0; i < count; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const started = performance.now();
        const answer = await call("GET", "/health");
        answers.push({ status: answer.status, ms: performance.now() - started, during: during?.() ?? false });
      }
      return answers;
    };
    const quiet = await healthTimes(5);
    let importsDone = false;
    const attacks = Promise.all(files.map(importXlsx)).finally(() => (importsDone = true));
    const health = await healthTimes(5, () => !importsDone);
    const refused = await attacks;
    console.log("health (ms) quiet:", quiet.map((answer) => Math.round(answer.ms)).join(", "), "during the attack:", health.map((answer) => Math.round(answer.ms)).join(", "));
    expect(refused.map((answer) => [answer.status, answer.body.code])).toEqual([
      [400, "file.read_time"],
      [400, "file.beyond_grid"],
      [400, "file.unpacked_too_large"],
    ]);
    expect([...quiet, ...health].map((answer) => answer.status)).toEqual(Array(10).fill(200));
    // The slow file holds the reader for its whole second (the others queue behind it): health calls are answered
    // meanwhile. A server blocked by the read answers none until the read is over (far past a second, on the request thread).
    expect(health.filter((answer) => answer.during).length).toBeGreaterThanOrEqual(2);
    // The figure (health within 200 ms of its quiet time) is a timing, so it is measured in `npm run bench -- imports`
    // (the request thread's event-loop delay while the slow file is read), not asserted here (issue 39).
  });
});
