import { randomBytes } from "node:crypto";
import * as Company from "../packages/core/src/company";
import * as CompanyExport from "../packages/core/src/company/export";
import { AssetEntity } from "../packages/core/src/asset/asset.entity";
import * as Storage from "../packages/core/src/asset/storage";
import { FormEntity } from "../packages/core/src/form/form.entity";
import { SubmissionEntity } from "../packages/core/src/submission/submission.entity";
import type { Actor } from "../packages/core/src/auth/claims";

/**
 * The tenant export's memory (issue 38): a tenant of `BENCH_TENANT_SUBMISSIONS` submissions (10,000) and
 * `BENCH_TENANT_FILES_MB` of uploaded files (1,024, in files of `BENCH_TENANT_FILE_MB`, 16), exported through
 * `CompanyExport.run` (records a page at a time, files a range at a time, the archive through yazl and a
 * multipart upload), the process's resident memory (RSS) sampled every 50 ms. The floor, measured in the
 * same run first, is the export of a tenant a hundredth that size: when the export streams, the large
 * tenant's peak stays near the floor's, far below the archive's size. Run smaller with the variables set
 * (`BENCH_TENANT_SUBMISSIONS=1000 BENCH_TENANT_FILES_MB=64 npm run bench -- tenant-export`).
 *
 * The local stack runs in this process (s3rver stores the uploads and the archive), so its memory is in both
 * figures; DynamoDB Local is a process of its own.
 */
const SUBMISSIONS = Number(process.env.BENCH_TENANT_SUBMISSIONS ?? 10_000);
const FILES_MB = Number(process.env.BENCH_TENANT_FILES_MB ?? 1024);
const FILE_MB = Number(process.env.BENCH_TENANT_FILE_MB ?? 16);
const MB = 1024 * 1024;

const DEFINITION = JSON.stringify({
  body: [
    { type: "text", name: "plate", label: { en: "Plate" } },
    { type: "number", name: "odometer", label: { en: "Odometer" }, unit: "mi" },
    { type: "textarea", name: "notes", label: { en: "Notes" } },
  ],
});

const provider: Actor = { userId: "bench-provider", username: "bench-provider", companyId: null, role: "admin", isProviderAdmin: true };

async function seedTenant(name: string, submissions: number, filesMb: number) {
  const { companyId } = await Company.create({ name });
  await FormEntity.put({ companyId, formId: 1, name: "Bench inspection", status: "active", formDefinition: DEFINITION, definitionVersion: 1, submissionCount: submissions }).go();
  const start = Date.now() - submissions * 1000;
  for (let i = 0; i < submissions; i += 2_000) {
    const batch = Array.from({ length: Math.min(2_000, submissions - i) }, (_, j) => {
      const n = i + j + 1;
      return {
        companyId,
        submissionId: n,
        formId: 1,
        formSeq: n,
        companySeq: n,
        definitionVersion: 1,
        values: JSON.stringify({ plate: `T-${n}`, odometer: 10_000 + n * 3.7, notes: `Checked by the night shift, bay ${n % 40}; tyres ${n % 3 ? "fine" : "worn"}` }),
        submittedBy: "bench-driver",
        submittedByName: "Bench Driver",
        updatedBy: "bench-driver",
        createdAt: new Date(start + n * 1000).toISOString(),
      };
    });
    await SubmissionEntity.put(batch).go({ concurrency: 8 });
  }
  // files of random bytes (deflate cannot shrink them: the archive is as large as the files)
  const count = Math.max(1, Math.round(filesMb / FILE_MB));
  const size = Math.round((filesMb * MB) / count);
  for (let assetId = 1; assetId <= count; assetId++) {
    await Storage.write(Storage.assetKey(companyId, assetId), randomBytes(size), "application/pdf");
    await AssetEntity.put({ companyId, assetId, fileName: `Inspección ${assetId}.pdf`, fileType: "application/pdf", size, uploadStatus: "uploaded", validationStatus: "valid", uploadedBy: "bench-driver" }).go();
  }
  return { companyId, bytes: count * size };
}

/** Peak resident memory while `work` runs, sampled every 50 ms, with the figure just before. */
async function peakRss<T>(work: () => Promise<T>) {
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
  try {
    const result = await work();
    return { result, before, peak: Math.max(peak, process.memoryUsage.rss()) };
  } finally {
    clearInterval(timer);
  }
}

export async function runTenantExportBench(_apiUrl: string) {
  const run = Date.now().toString(36);
  const mb = (bytes: number) => (bytes / MB).toFixed(0);
  const sizes = [
    { label: "floor (a hundredth)", submissions: Math.max(1, Math.round(SUBMISSIONS / 100)), filesMb: Math.max(1, FILES_MB / 100) },
    { label: "tenant", submissions: SUBMISSIONS, filesMb: FILES_MB },
  ];
  console.log(`\nTenant export: ${SUBMISSIONS.toLocaleString("en")} submissions and ${FILES_MB.toLocaleString("en")} MB of files against a hundredth of it (resident memory, peak while exporting)`);
  const results: { label: string; submissions: number; filesMb: number; archiveMb: number; seconds: number; rssBeforeMb: number; rssPeakMb: number; rssAddedMb: number }[] = [];
  for (const size of sizes) {
    const seedStart = performance.now();
    const tenant = await seedTenant(`Bench export ${run} ${size.label}`, size.submissions, size.filesMb);
    const seeded = (performance.now() - seedStart) / 1000;
    const started = performance.now();
    const { result, before, peak } = await peakRss(() => CompanyExport.run(provider, tenant.companyId));
    const seconds = (performance.now() - started) / 1000;
    results.push({ label: size.label, submissions: size.submissions, filesMb: size.filesMb, archiveMb: result.bytes / MB, seconds, rssBeforeMb: before / MB, rssPeakMb: peak / MB, rssAddedMb: (peak - before) / MB });
    console.log(
      `${size.label}: ${size.submissions.toLocaleString("en")} submissions, ${mb(tenant.bytes)} MB of files (seeded in ${seeded.toFixed(0)} s); ` +
        `archive ${mb(result.bytes)} MB, ${result.files.toLocaleString("en")} files, in ${seconds.toFixed(1)} s; RSS ${mb(before)} MB before, peak ${mb(peak)} MB (+${mb(peak - before)} MB)`,
    );
  }
  const [floor, tenant] = results as [(typeof results)[number], (typeof results)[number]];
  const ratio = tenant.rssPeakMb / floor.rssPeakMb;
  console.log(`peak RSS, tenant ÷ floor: ${ratio.toFixed(2)}x for ${(tenant.archiveMb / Math.max(floor.archiveMb, 1)).toFixed(0)}x the archive; the tenant's archive is ${(tenant.archiveMb / tenant.rssPeakMb).toFixed(1)}x its peak RSS`);
  return { results, ratio };
}
