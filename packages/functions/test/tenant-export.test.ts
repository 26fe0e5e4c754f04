import { describe, expect, it } from "vitest";
import { call, unique } from "../../../tests/http";
import { freshUser } from "../../../tests/auth-helpers";
import { createForm, png, uploadAsset } from "../../../tests/forms-fixtures";
import { pythonZip, unzipList } from "../../../tests/independent-readers";
import * as Company from "@fleetforms/core/company/index";
import * as Account from "@fleetforms/core/user/account";
import { signAccessToken } from "@fleetforms/core/auth/token";
import * as Storage from "@fleetforms/core/asset/storage";
import { readInRanges } from "@fleetforms/core/storage/object-reader";

/*
 * The tenant export (issue 13) streamed into the bucket (issue 38): read back by Python's zipfile and Info-ZIP's
 * unzip, a file with ñ in its name shows as written, the JSON files are whole JSON, the files are the bytes
 * uploaded.
 */

async function tenant() {
  const company = await Company.create({ name: unique("Exportación ") });
  const admin = await freshUser({ seats: [[company.companyId, "orgadmin"]] });
  const token = await signAccessToken({ sub: admin.user.userId, username: admin.username, companyId: company.companyId, role: "orgadmin", companies: 1 });
  const username = unique("pa_").slice(0, 20);
  const provider = await Account.create({ username, email: `${username}@example.com`, password: "provider admin passphrase", providerAdmin: true });
  const providerToken = await signAccessToken({ sub: provider.userId, username, companyId: company.companyId, role: "admin", companies: 1 });
  return { companyId: company.companyId, token, providerToken };
}

describe("the tenant export", () => {
  it("streams every record and file into one ZIP that Python and unzip read, names with ñ included", async () => {
    const co = await tenant();
    const form = await createForm(co.token, { name: "Revisión" }, { body: [{ type: "number", name: "odometer", label: { en: "Odometer" } }] });
    for (const odometer of [96.4, 128_004]) expect((await call("POST", "/submissions/save", { token: co.token, body: { formId: form.id, values: { odometer } } })).status).toBe(201);
    const image = png();
    const asset = await uploadAsset(co.token, image, { fileName: "Camión año ñandú.png" });
    expect(asset.validationStatus).toBe("valid");

    const exported = await call("GET", `/company/${co.companyId}/export`, { token: co.providerToken });
    expect(exported.status).toBe(200);
    const bytes = Buffer.from(await (await fetch(exported.body.url)).arrayBuffer());
    expect(exported.body.bytes).toBe(bytes.length);
    const fileName = `files/${asset.id}-Camión año ñandú.png`;
    const archive = pythonZip(bytes, ["submissions.json", "files.json", "README.txt", fileName]);
    expect(archive.bad).toBeNull();
    expect(archive.entries.map((entry) => entry.name)).toEqual(["company.json", "users.json", "invitations.json", "forms.json", "submissions.json", "vehicles.json", "files.json", "activity.json", "usage.json", fileName, "README.txt"]);
    expect(exported.body.files).toBe(archive.entries.length);
    for (const entry of archive.entries) expect([entry.flags & 0x0800, entry.createSystem]).toEqual([0x0800, 3]);
    const text = new Map(archive.entries.map((entry) => [entry.name, entry.text]));
    // written a page at a time, still one JSON array
    const submissions = JSON.parse(text.get("submissions.json")!) as { values: { odometer: number }; amendments: unknown[] }[];
    expect(submissions.map((submission) => submission.values.odometer)).toEqual([96.4, 128_004]);
    expect(submissions.every((submission) => Array.isArray(submission.amendments))).toBe(true);
    expect((JSON.parse(text.get("files.json")!) as { assetId: number }[]).map((item) => item.assetId)).toEqual([asset.id]);
    expect(archive.entries.find((entry) => entry.name === fileName)!.size).toBe(image.length);
    expect(text.get("README.txt")).toContain("Submissions whose PDF was never rendered");

    const listed = unzipList(bytes);
    if (listed !== undefined) expect(listed).toContain(fileName);
  });

  it("an empty tenant's JSON files are empty arrays", async () => {
    const co = await tenant();
    const exported = await call("GET", `/company/${co.companyId}/export`, { token: co.providerToken });
    const archive = pythonZip(Buffer.from(await (await fetch(exported.body.url)).arrayBuffer()), ["submissions.json", "vehicles.json", "files.json"]);
    expect(archive.entries.filter((entry) => entry.text !== undefined).map((entry) => entry.text)).toEqual(["[]", "[]", "[]"]);
  });
});

describe("an object read a range at a time", () => {
  it("reads the whole object in ranges, and nothing of one that is not there", async () => {
    const key = `tests/ranges/${unique("object")}`;
    const bytes = Buffer.from(Array.from({ length: 25_000 }, (_, i) => (i * 31) & 0xff));
    await Storage.write(key, bytes, "application/octet-stream");
    const object = await readInRanges(key, 10_000);
    expect(object!.size).toBe(25_000);
    const ranges: Buffer[] = [];
    for await (const range of object!.ranges) ranges.push(range);
    expect(ranges.map((range) => range.length)).toEqual([10_000, 10_000, 5_000]);
    expect(Buffer.concat(ranges).equals(bytes)).toBe(true);
    expect(await readInRanges(`${key}-missing`)).toBeUndefined();
  });
});
