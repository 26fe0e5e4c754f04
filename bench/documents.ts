import { randomUUID } from "node:crypto";
import * as Company from "../packages/core/src/company";
import * as Account from "../packages/core/src/user/account";
import { signAccessToken } from "../packages/core/src/auth/token";
import * as Category from "../packages/core/src/document/categories";
import * as Document from "../packages/core/src/document";
import { authorize } from "../packages/core/src/auth/access";
import { DocumentEntity } from "../packages/core/src/document/document.entity";
import * as Storage from "../packages/core/src/asset/storage";
import { PutObjectCommand, s3 } from "../packages/core/src/aws/s3-client";
import { bucketName } from "../packages/core/src/util/config";
import { textPdf } from "../packages/local/src/demo-documents";
import { interleave, printRows, stats, type Row } from "./stats";

/**
 * Documents (issue 15): `GET /v2/assets/company` for a company with 5,000 documents, the first page and a
 * category filter, against a bare DynamoDB Query of the same page (target ≤ 2×); and a 20 MB upload through
 * the local stack (the presigned PUT through the app's /s3 proxy) against a bare PUT to the emulator
 * (target ≤ 1.2×), with the whole three-step flow (upload URL, PUT, validate) beside it.
 */
export async function runDocumentsBench(apiUrl: string, options: { documents?: number; iterations?: number } = {}) {
  const count = options.documents ?? Number(process.env.BENCH_DOCUMENTS ?? 5_000);
  const iterations = options.iterations ?? 30;
  const page = 100;
  const company = await Company.create({ name: `Documents bench ${count}` });
  const companyId = company.companyId;
  const admin = await Account.create({ username: `db_${randomUUID().slice(0, 8)}`, email: `db-${randomUUID()}@example.com`, providerAdmin: false });
  await Company.addSeat({ companyId, userId: admin.userId, role: "orgadmin" });
  const token = await signAccessToken({ sub: admin.userId, username: admin.username, companyId, role: "orgadmin", companies: 1 });
  const actor = { userId: admin.userId, username: admin.username, companyId, role: "orgadmin" as const, isProviderAdmin: false };
  const categories = await Promise.all(["REG", "INS", "MAN", "CERT", "HR"].map((code) => Category.create(actor, { code: `B${code}-${randomUUID().slice(0, 6)}`, name: code })));

  // The documents, seeded straight into the table (the upload below measures the API's own flow).
  const seeded = performance.now();
  for (let start = 0; start < count; start += 1000) {
    const items = Array.from({ length: Math.min(1000, count - start) }, (_, i) => {
      const n = start + i + 1;
      const category = categories[n % categories.length]!;
      return {
        companyId,
        documentId: 1_000_000_000 + n,
        name: `Document ${n}`,
        description: `Seeded document ${n}`,
        category: category.code,
        categoryKey: category.codeKey,
        categoryId: category.categoryId,
        categoryScope: category.scope,
        restricted: n % 10 === 0,
        expiresOn: n % 4 === 0 ? `2027-${String((n % 12) + 1).padStart(2, "0")}-15` : "",
        fileAssetId: 1_000_000_000 + n,
        fileName: `doc-${n}.pdf`,
        fileType: "application/pdf",
        size: 10_000 + n,
        uploadedBy: admin.userId,
        uploadedByName: admin.username,
      };
    });
    const { unprocessed } = await DocumentEntity.put(items).go({ concurrency: 8 });
    if (unprocessed.length) await DocumentEntity.put(unprocessed as typeof items).go({ concurrency: 2 });
  }
  console.log(`seeded ${count} documents in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

  const get = async (query: string) => {
    const response = await fetch(`${apiUrl}/v2/assets/company?${query}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${query}: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { assets: unknown[] };
    if (body.assets.length !== page) throw new Error(`${query}: ${body.assets.length} documents, not ${page}`);
    return body;
  };
  const category = categories[1]!;
  const [{ documentClient }, { QueryCommand }, { tableName }] = await Promise.all([
    import("../packages/core/src/db/client"),
    import("@aws-sdk/lib-dynamodb"),
    import("../packages/core/src/util/config"),
  ]);
  /** One page of the same keys straight to DynamoDB: what the listing cannot do with less. */
  const bare = async (index?: "gsi1") => {
    const [pk, sk] = index ? ["gsi1pk", "gsi1sk"] : ["pk", "sk"];
    const value = index ? `$ff#companyid_${companyId.toLowerCase()}#categorykey_${category.codeKey.toLowerCase()}` : `$ff#companyid_${companyId.toLowerCase()}`;
    const output = (await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: index,
        KeyConditionExpression: "#pk = :pk AND begins_with(#sk, :sk)",
        ExpressionAttributeNames: { "#pk": pk, "#sk": sk },
        ExpressionAttributeValues: { ":pk": value, ":sk": "$document_1#" },
        ScanIndexForward: false,
        Limit: page,
      }),
    )) as { Items?: unknown[] };
    if (output.Items?.length !== page) throw new Error(`the bare query read ${output.Items?.length} items`);
  };

  const probes = [
    { key: "bare", run: () => bare() },
    { key: "bareCategory", run: () => bare("gsi1") },
    { key: "first", run: () => get(`limit=${page}`) },
    { key: "category", run: () => get(`limit=${page}&category=${category.code}`) },
    // the same listing in-process, without HTTP and the access check: where the time goes
    { key: "core", run: () => Document.list(actor, { limit: page }) },
    { key: "auth", run: () => authorize("company", token) },
  ];
  const of = await interleave(probes, iterations);
  const rows: Row[] = [
    { name: `${count} documents · first page`, subject: of("first"), floorName: `bare Query, ${page} items`, floor: of("bare") },
    { name: `${count} documents · one category`, subject: of("category"), floorName: `bare Query of gsi1, ${page} items`, floor: of("bareCategory") },
  ];
  printRows(`Documents (GET /v2/assets/company, ${page} a page)`, rows);
  printRows("Documents · parts of the first page", [
    { name: "Document.list in-process", subject: of("core"), floorName: `bare Query, ${page} items`, floor: of("bare") },
    { name: "access check (authorize)", subject: of("auth"), floorName: `bare Query, ${page} items`, floor: of("bare") },
  ]);

  // A 20 MB upload: the presigned PUT through the local stack against a bare PUT to the emulator.
  const size = 20 * 1024 * 1024;
  const head = textPdf(["Bench"]);
  const bytes = Buffer.concat([Buffer.alloc(size - head.length, 0x20), head]);
  bytes.write("%PDF-1.7\n", 0, "latin1");
  // the body as fetch takes it, made once: a 20 MB copy inside the timing is the bench's cost, not the stack's
  const body = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const uploads = { bare: [] as number[], put: [] as number[], flow: [] as number[] };
  const rounds = Math.max(5, Math.round(iterations / 3));
  for (let i = 0; i < rounds + 1; i++) {
    let started = performance.now();
    await s3().send(new PutObjectCommand({ Bucket: bucketName(), Key: Storage.pendingKey(companyId, 999_000_000 + i), Body: bytes, ContentType: "application/pdf" }));
    const bareMs = performance.now() - started;

    started = performance.now();
    const begin = await fetch(`${apiUrl}/v2/assets/upload-url`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ fileName: `big-${i}.pdf`, fileType: "application/pdf", size, name: `Big ${i}`, category: category.code }),
    });
    const { asset, presignedUrl } = (await begin.json()) as { asset: { id: number }; presignedUrl: string };
    const putStarted = performance.now();
    const put = await fetch(presignedUrl, { method: "PUT", headers: { "content-type": "application/pdf" }, body });
    const putMs = performance.now() - putStarted;
    if (!put.ok) throw new Error(`PUT ${put.status}`);
    const validated = await fetch(`${apiUrl}/v2/assets/${asset.id}/validate`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
    const { asset: done } = (await validated.json()) as { asset: { kind: string; validationStatus: string; validationMessage?: string } };
    if (done.kind !== "document" || done.validationStatus !== "valid") throw new Error(`the 20 MB document was not filed: ${JSON.stringify(done)}`);
    const flowMs = performance.now() - started;
    if (i === 0) continue;
    uploads.bare.push(bareMs);
    uploads.put.push(putMs);
    uploads.flow.push(flowMs);
  }
  const floor = stats(uploads.bare);
  const uploadRows: Row[] = [
    { name: "20 MB · presigned PUT via the stack", subject: stats(uploads.put), floorName: "bare PUT to s3rver", floor },
    { name: "20 MB · upload URL + PUT + validate", subject: stats(uploads.flow), floorName: "bare PUT to s3rver", floor },
  ];
  printRows("Document upload (20 MB PDF)", uploadRows);
  const mbps = (ms: number) => (size / 1024 / 1024 / (ms / 1000)).toFixed(0);
  console.log(`throughput p50: bare ${mbps(floor.p50)} MB/s, through the stack ${mbps(stats(uploads.put).p50)} MB/s, whole flow ${mbps(stats(uploads.flow).p50)} MB/s`);
  return {
    rows: [...rows, ...uploadRows],
    documents: count,
    firstPageRatio: of("first").p50 / of("bare").p50,
    categoryRatio: of("category").p50 / of("bareCategory").p50,
    uploadPutRatio: stats(uploads.put).p50 / floor.p50,
    uploadFlowRatio: stats(uploads.flow).p50 / floor.p50,
  };
}
