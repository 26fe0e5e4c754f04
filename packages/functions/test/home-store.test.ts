import { beforeAll, describe, expect, it } from "vitest";
import { call, tokenFor, unique } from "../../../tests/http";
import { claimsOf, registerCompany } from "../../../tests/auth-helpers";
import type { Actor } from "@fleetforms/core/auth/claims";
import * as Home from "@fleetforms/core/home/index";
import { HomeViewEntity } from "@fleetforms/core/home/view.entity";
import * as Activity from "@fleetforms/core/activity/index";
import { ActivityEntity } from "@fleetforms/core/activity/index";
import { ActivityStampEntity } from "@fleetforms/core/activity/stamp.entity";

/*
 * Issue 16: the stored home (core/home/index.ts). A home is served from its store while the company's
 * newest activity record, the day and the caller's role are what it was computed for; a change anywhere in
 * the company, a pin or an opened dashboard makes the next call compute it again. `Home.read` is called
 * with a time past the settling window, as a call a few seconds after the last change would be.
 */

let provider: string;
let admin: string;
let actor: Actor;
const later = () => Date.now() + Home.SETTLE_MS + 1000;

beforeAll(async () => {
  const { tokens } = await registerCompany();
  const claims = claimsOf(tokens.access_token);
  admin = tokens.access_token;
  actor = { userId: claims.sub, username: claims.username, companyId: claims.companyId, role: claims.role, isProviderAdmin: false };
  provider = await tokenFor("admin", claims.companyId);
});

/** Reads the home and stores it when it was computed; answers whether it was computed. */
async function read(who: Actor = actor) {
  const { data, save } = await Home.read(who, later());
  await save?.();
  return { data, computed: save !== undefined };
}

const formNames = (data: Home.HomeData) => Object.values(data.forms).flatMap((bucket) => bucket.items.map((item) => item.name));

describe("the stored home", () => {
  it("is served while nothing changes, and computed again after any change in the company", async () => {
    await read();
    const stored = await read();
    expect(stored.computed).toBe(false);
    expect(stored.data).toEqual((await Home.read(actor, later())).data);

    const name = unique("Stored home form ");
    expect((await call("POST", "/form", { token: admin, body: { name, isActive: true, status: "active", formDefinition: { body: [{ type: "text", name: "note", label: { en: "Note" } }] } } })).status).toBeLessThan(300);
    const after = await read();
    expect(after.computed).toBe(true);
    expect(formNames(after.data)).toContain(name);
    expect(after.data.activity[0]).toMatchObject({ action: "form.created" });
    expect((await read()).computed).toBe(false);
  });

  it("goes out over HTTP as it was stored, inside { data } (the handler sends the stored text as it is)", async () => {
    await read();
    const key = { companyId: actor.companyId!, userId: actor.userId };
    const { data: view } = await HomeViewEntity.get(key).go();
    const marked = { ...(JSON.parse(view!.body!) as Home.HomeData), marker: "as stored" };
    await HomeViewEntity.patch(key).set({ body: JSON.stringify(marked) }).go();
    const answer = await call("GET", "/home", { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    expect(answer.body).toEqual({ data: marked });
  });

  it("is not stored while the newest change may not show in every read yet", async () => {
    await call("PUT", `/company/${actor.companyId}`, { token: admin, body: { city: "Laredo" } });
    const { save } = await Home.read(actor);
    expect(save).toBeUndefined();
  });

  it("is kept per role: a changed role never sees the home of the old one", async () => {
    await read();
    expect((await read({ ...actor, role: "viewer" })).computed).toBe(true);
    expect((await read()).computed).toBe(true);
  });

  it("learns of a pin, an opened dashboard and a renamed dashboard; a home computed before a pin is not stored", async () => {
    const board = (await call("POST", "/dashboards", { token: provider, body: { name: unique("Stored board "), metabaseId: 5 } })).body.data.dashboard;
    expect((await call("POST", `/dashboards/${board.id}/companies`, { token: provider, body: { companyId: actor.companyId } })).status).toBe(200);
    await read();

    // computed before the pin, stored after it: refused, so the pin shows on the next call
    await call("PUT", `/company/${actor.companyId}`, { token: admin, body: { city: "Tucson" } });
    const before = await Home.read(actor, later());
    expect(before.save).toBeDefined();
    expect((await call("POST", `/dashboards/${board.id}/pin`, { token: admin })).status).toBe(200);
    await before.save!();
    expect((await HomeViewEntity.get({ companyId: actor.companyId!, userId: actor.userId }).go()).data?.body).toBe("");
    const pinned = await read();
    expect(pinned.computed).toBe(true);
    expect(pinned.data.dashboards.map((entry) => [entry.id, entry.pinned])).toEqual([[board.id, true]]);

    expect((await call("DELETE", `/dashboards/${board.id}/pin`, { token: admin })).status).toBe(200);
    expect((await call("GET", `/dashboards/${board.id}`, { token: admin })).status).toBe(200);
    const opened = await read();
    expect(opened.computed).toBe(true);
    expect(opened.data.dashboards[0]).toMatchObject({ id: board.id, pinned: false, lastOpenedAt: expect.any(String) });

    // four opens at once, each its own transaction on the person's stored home: none fails, none is lost
    const key = { companyId: actor.companyId!, userId: actor.userId };
    const generation = (await HomeViewEntity.get(key).go()).data!.generation;
    const opens = await Promise.all(Array.from({ length: 4 }, () => call("GET", `/dashboards/${board.id}`, { token: admin })));
    expect(opens.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    expect((await HomeViewEntity.get(key).go()).data!.generation).toBe(generation + 4);

    const renamed = `${board.name} (renamed)`;
    expect((await call("PUT", `/dashboards/${board.id}`, { token: provider, body: { name: renamed } })).status).toBe(200);
    const edited = await read();
    expect(edited.computed).toBe(true);
    expect(edited.data.dashboards[0]!.name).toBe(renamed);
  });

  it("learns of every activity record however it is written: alone, in a batch, in a transaction", async () => {
    const companyId = actor.companyId!;
    const seq = async () => (await ActivityStampEntity.get({ companyId }).go({ consistent: true })).data?.seq ?? 0;
    const change = (id: string) => ({ companyId, actor, action: "vehicle.edited" as const, subject: { type: "vehicle" as const, id, name: id } });
    await read();
    expect((await read()).computed).toBe(false);
    const before = await seq();

    await Activity.record(change("alone"));
    expect(await seq()).toBe(before + 1);
    expect((await read()).computed).toBe(true);

    // one raise per company and write, however many records it holds
    await ActivityEntity.put([Activity.entry(change("batch 1")), Activity.entry(change("batch 2"))]).go();
    expect(await seq()).toBe(before + 2);
    expect((await read()).computed).toBe(true);

    // in the transaction of the change it records
    expect((await call("PUT", `/company/${companyId}`, { token: admin, body: { city: "Yuma" } })).status).toBe(200);
    expect(await seq()).toBe(before + 3);
    const after = await read();
    expect(after.computed).toBe(true);
    expect(after.data.activity[0]).toMatchObject({ action: "company.edited" });
    expect((await read()).computed).toBe(false);
  });

  it("is what GET /home answers, stored or not", async () => {
    await read();
    const { data } = await Home.read(actor, later());
    const answered = await call("GET", "/home", { token: admin });
    expect(answered.status).toBe(200);
    expect(answered.body.data).toEqual(data);
    const item = (await HomeViewEntity.get({ companyId: actor.companyId!, userId: actor.userId }).go()).data;
    expect(item).toMatchObject({ body: JSON.stringify(data), expiresAt: expect.any(Number) });
  });
});
