import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { DEVICE_STORES, forgetPerson, recordsOf } from "@/lib/device-db";
import { loadDraft, saveDraft } from "../lib/draft";
import { deviceFile, keepFile } from "./device-files";
import { keepForm, storedForm } from "./form-store";
import { discard, enqueue, queued, reopen, sendAll, type SendSteps } from "./outbox";
import type { Form } from "../types";

let people = 0;
const someone = () => ({ userId: `driver-${++people}`, companyId: "acme" });

/** A server that remembers keys the way POST /submissions/save and the upload URL do. */
function fakeServer(fail: { save?: unknown[]; upload?: unknown[] } = {}) {
  const uploads: { key: string; name: string }[] = [];
  const saves: { key: string; values: unknown; inspection?: unknown }[] = [];
  const byKey = new Map<string, number>();
  let ids = 100;
  const steps: SendSteps = {
    async upload(file, key) {
      const failure = fail.upload?.shift();
      if (failure) throw failure;
      uploads.push({ key, name: file.name });
      if (!byKey.has(key)) byKey.set(key, ++ids);
      return { id: byKey.get(key)!, fileType: file.type };
    },
    async save(input, key) {
      const failure = fail.save?.shift();
      if (failure) throw failure;
      saves.push({ key, values: input.values, ...(input.inspection ? { inspection: input.inspection } : {}) });
      if (!byKey.has(key)) byKey.set(key, ++ids);
      return { submission: { id: byKey.get(key)! } };
    },
  };
  return { steps, uploads, saves, submissions: () => new Set(saves.map((save) => save.key)).size };
}

const photo = (deviceKey: string) => ({ type: "asset", deviceKey, fileType: "image/png", fileName: "yard.png", status: "device" });

describe("the outbox", () => {
  it("sends a queued submission once: its photo first, then the answers with the photo's id and the submission's key", async () => {
    const scope = someone();
    const deviceKey = await keepFile(scope, new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" }), "yard.png", "image/png");
    const item = await enqueue(scope, { formId: 7, formName: "Yard check", lang: "en", values: { note: "Tyre flat", photo: photo(deviceKey) } });
    expect(item.key).toMatch(/^[0-9a-f-]{36}$/);
    const server = fakeServer();
    const [result] = await sendAll(scope, server.steps);
    expect(result).toEqual({ outcome: "sent", submissionId: expect.any(Number), key: item.key, formId: item.formId, formName: item.formName });
    expect(server.uploads).toEqual([{ key: item.fileKeys[deviceKey], name: "yard.png" }]);
    expect(server.saves).toEqual([{ key: item.key, values: { note: "Tyre flat", photo: { type: "asset", id: 101, fileType: "image/png" } } }]);
    expect(await queued(scope)).toEqual([]);
    expect(await deviceFile(deviceKey)).toBeUndefined();
  });

  it("sends a queued inspection with the driver's signed review of the vehicle's last report (issue 42)", async () => {
    const scope = someone();
    const inspection = { outOfServiceWarningShown: true, acknowledgement: { submissionId: 812, signature: { type: "asset", id: 33 } } };
    const item = await enqueue(scope, { formId: 7, formName: "Pre-trip", lang: "en", values: { brakesOk: "yes" }, inspection });
    const server = fakeServer();
    expect((await sendAll(scope, server.steps))[0]).toMatchObject({ outcome: "sent" });
    expect(server.saves).toEqual([{ key: item.key, values: { brakesOk: "yes" }, inspection }]);
  });

  it("keeps a submission whose send failed on the way, remembers its uploaded photo and retries with the same keys", async () => {
    const scope = someone();
    const deviceKey = await keepFile(scope, new Blob(["x"], { type: "image/png" }), "a.png", "image/png");
    const item = await enqueue(scope, { formId: 7, formName: "Yard check", lang: "es", values: { photo: [photo(deviceKey)] } });
    const server = fakeServer({ save: [new TypeError("Failed to fetch"), new ApiError("Service Unavailable", 503)] });
    expect((await sendAll(scope, server.steps))[0]).toEqual({ outcome: "later" });
    const [waiting] = await queued(scope);
    expect(waiting).toMatchObject({ state: "waiting", attempts: 1, uploaded: { [deviceKey]: { id: 101 } } });
    expect(waiting!.error).toBeUndefined();
    expect((await sendAll(scope, server.steps))[0]).toEqual({ outcome: "later" });
    expect((await queued(scope))[0]!.error).toMatchObject({ status: 503 });
    expect((await sendAll(scope, server.steps))[0]).toMatchObject({ outcome: "sent" });
    expect(server.uploads).toHaveLength(1);
    expect(server.saves.map((save) => save.key)).toEqual([item.key]);
    expect(await queued(scope)).toEqual([]);
  });

  it("sends oldest first and stops at the first one that cannot go, so the order is kept", async () => {
    const scope = someone();
    const first = await enqueue(scope, { formId: 1, formName: "A", lang: "en", values: { n: 1 } }, 1);
    const second = await enqueue(scope, { formId: 1, formName: "B", lang: "en", values: { n: 2 } }, 2);
    const server = fakeServer({ save: [new TypeError("Failed to fetch")] });
    await sendAll(scope, server.steps);
    expect((await queued(scope)).map((item) => item.key)).toEqual([first.key, second.key]);
    await sendAll(scope, server.steps);
    expect(server.saves.map((save) => save.key)).toEqual([first.key, second.key]);
  });

  it("keeps a refusal with its reason, skips it afterwards, and lets it be reopened as a draft or discarded with its photos", async () => {
    const scope = someone();
    const deviceKey = await keepFile(scope, new Blob(["x"], { type: "image/png" }), "a.png", "image/png");
    const refused = await enqueue(scope, { formId: 9, formName: "Closed form", lang: "en", values: { note: "x", photo: photo(deviceKey) } });
    const server = fakeServer({ save: [new ApiError("This form no longer takes answers.", 409, "submission.form_closed")] });
    expect((await sendAll(scope, server.steps))[0]).toEqual({ outcome: "refused" });
    expect((await queued(scope))[0]).toMatchObject({ state: "refused", error: { code: "submission.form_closed", status: 409 } });
    expect(await sendAll(scope, server.steps)).toEqual([]);

    await reopen(refused.key);
    expect(await queued(scope)).toEqual([]);
    expect(await loadDraft(scope, 9)).toEqual({ note: "x", photo: photo(deviceKey) });

    const again = await enqueue(scope, { formId: 9, formName: "Closed form", lang: "en", values: { photo: photo(deviceKey) } });
    await discard(again.key);
    expect(await queued(scope)).toEqual([]);
    expect(await deviceFile(deviceKey)).toBeUndefined();
  });

  it("keeps each person's and company's work apart, and forgets only the person who signs out", async () => {
    const driver = someone();
    const other = someone();
    await enqueue(driver, { formId: 1, formName: "A", lang: "en", values: { n: 1 } });
    await enqueue({ ...driver, companyId: "beta" }, { formId: 1, formName: "A", lang: "en", values: { n: 1 } });
    await enqueue(other, { formId: 1, formName: "A", lang: "en", values: { n: 2 } });
    await saveDraft(driver, 1, { note: "x" });
    await keepFile(driver, new Blob(["x"]), "a.png", "image/png");
    await keepForm(driver, { id: 1, formId: 1, name: "A" } as Form);
    expect(await queued(driver)).toHaveLength(1);
    expect(await storedForm(other, 1)).toBeUndefined();

    await forgetPerson(driver.userId);
    for (const store of DEVICE_STORES) expect(await recordsOf(store, { userId: driver.userId })).toEqual([]);
    expect(await queued(other)).toHaveLength(1);
  });
});
