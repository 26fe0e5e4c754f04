import chromium from "@sparticuz/chromium";
import puppeteer from "puppeteer-core";
import { htmlToPdf, RenderTimeoutError } from "../packages/core/src/pdf/browser";
import * as SubmissionPdf from "../packages/core/src/submission/pdf";
import { pngImage } from "../packages/local/src/demo-forms";
import { stats, printRows, type Row, type Stats } from "./stats";

/**
 * PDF downloads (issue 5): GET /submissions/download/{id} of submissions not
 * rendered before (the whole request: token check, reads, the warm browser
 * with interception, the S3 write) against a bare Chromium `page.pdf` of the
 * very same HTML in the same run (target ≤ 1.3×); downloads served from the
 * S3 cache; 20 concurrent downloads (target: 0 errors); and how soon a render
 * whose asset never answers gives up against its limit, and what the render
 * after it costs (the timed-out browser is replaced).
 */
export async function runPdfBench(apiUrl: string, options: { iterations?: number; concurrent?: number } = {}) {
  const iterations = options.iterations ?? 30;
  const concurrent = options.concurrent ?? 20;
  const password = process.env.DEMO_PASSWORD ?? "fleetforms-demo";

  const request = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await fetch(`${apiUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  const login = async (username: string) => {
    const response = await fetch(`${apiUrl}/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: username, password }) });
    return ((await response.json()) as { access_token: string }).access_token;
  };
  const [admin, driver] = [await login("acme_admin"), await login("acme_driver")];

  // A realistic form: sections, a group, a photo and a signature, with a template.
  const definition = {
    body: [
      { type: "section", label: { en: "Trip", es: "Viaje" }, elements: [
        { type: "text", name: "driver", label: { en: "Driver", es: "Conductor" } },
        { type: "number", name: "odometer", label: { en: "Odometer", es: "Odómetro" }, unit: "mi" },
        { type: "date", name: "day", label: { en: "Day", es: "Día" } },
        { type: "yesno", name: "ok", label: { en: "All good?", es: "¿Todo bien?" } },
      ] },
      { type: "group", name: "notes", label: { en: "Notes", es: "Notas" }, elements: [{ type: "textarea", name: "text", label: { en: "Note", es: "Nota" } }] },
      { type: "photo", name: "photo", label: { en: "Photo", es: "Foto" } },
      { type: "signature", name: "sign", label: { en: "Signature", es: "Firma" } },
    ],
  };
  const template = `<style>body{font-family:Arial,sans-serif}td,th{padding:4pt;border-bottom:1px solid #ddd;text-align:left}</style>
<h1>{{t en="Trip report" es="Informe de viaje"}} #{{submission.id}}</h1><p>{{company.name}} · {{submission.submittedBy}} · {{submission.submittedAt}}</p>
<table>{{#each fields}}{{#unless hasImages}}<tr><th>{{label}}</th><td>{{answer}}</td></tr>{{/unless}}{{/each}}</table>
{{#each values.notes}}<p>{{answer "text" this}}</p>{{/each}}{{image "photo" width=300}}{{image "sign" width=200}}`;
  const form = (await (await request("POST", "/form", admin, { name: `PDF bench ${Date.now()}`, isActive: true, status: "active", formDefinition: definition })).json()) as { data: { form: { id: number } } };
  const formId = form.data.form.id;
  await request("POST", `/form/template/${formId}`, admin, { template, exampleData: {} });

  const upload = async (bytes: Buffer) => {
    const started = (await (await request("POST", "/v2/assets/upload-url", driver, { fileName: "p.png", fileType: "image/png", size: bytes.length })).json()) as { asset: { id: number }; presignedUrl: string };
    await fetch(started.presignedUrl, { method: "PUT", headers: { "content-type": "image/png" }, body: new Uint8Array(bytes) });
    await request("POST", `/v2/assets/${started.asset.id}/validate`, driver);
    return started.asset.id;
  };
  const photo = await upload(pngImage(640, 400, (x, y) => [x % 256, y % 256, (x * y) % 256]));
  const sign = await upload(pngImage(300, 80, (x, y) => (Math.abs(y - 40 - Math.round(20 * Math.sin(x / 12))) < 2 ? [0, 0, 0] : [255, 255, 255])));
  const submit = async (i: number) => {
    const response = await request("POST", "/submissions/save", driver, {
      formId,
      values: { driver: `Driver ${i}`, odometer: 100000 + i, day: "2025-03-14", ok: i % 2 ? "yes" : "no", notes: [{ text: "Checked tires and lights. ".repeat(6) }, { text: `Note ${i}` }], photo, sign },
    });
    return ((await response.json()) as { submission: { id: number } }).submission.id;
  };
  const ids: number[] = [];
  for (let i = 0; i < iterations + concurrent + 3; i++) ids.push(await submit(i));
  const download = async (id: number) => {
    const response = await request("GET", `/submissions/download/${id}?lang=en`, driver);
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.subarray(0, 4).toString() !== "%PDF") throw new Error(`download ${id}: not a PDF`);
  };
  const timed = async (run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    return performance.now() - started;
  };

  // Warm both browsers, then alternate so both see the same machine state.
  const bare = await puppeteer.launch({ executablePath: await chromium.executablePath(), args: [...chromium.args.filter((flag) => flag !== "--single-process"), "--no-sandbox"], headless: true });
  const companyId = "acme-logistics";
  const bareHtml = async (id: number) => {
    const parts = await SubmissionPdf.renderParts(companyId, id, "en");
    let html = parts.html;
    for (const match of new Set(html.match(/https:\/\/render\.fleetforms\.invalid\/v2\/assets\/\d+\/content/g) ?? [])) {
      const asset = await parts.asset(Number(match.split("/")[5]));
      html = html.split(match).join(`data:${asset!.contentType};base64,${asset!.body.toString("base64")}`);
    }
    return { html, footer: parts.footer };
  };
  // the same page as the endpoint's, its footer ("Page x of y") included
  const barePdf = async ({ html, footer }: { html: string; footer: string }) => {
    const page = await bare.newPage();
    await page.setContent(html, { waitUntil: "load" });
    await page.pdf({ format: "A4", printBackground: true, margin: { top: "14mm", bottom: "18mm", left: "12mm", right: "12mm" }, displayHeaderFooter: true, headerTemplate: "<span></span>", footerTemplate: footer });
    await page.close();
  };
  await download(ids.pop()!);
  await download(ids.pop()!);
  await barePdf(await bareHtml(ids.pop()!));

  const endpoint: number[] = [];
  const floor: number[] = [];
  const cached: number[] = [];
  const measured = ids.slice(0, iterations);
  for (const id of measured) {
    const html = await bareHtml(id);
    floor.push(await timed(() => barePdf(html)));
    endpoint.push(await timed(() => download(id)));
    cached.push(await timed(() => download(id)));
  }
  await bare.close();

  const burst = ids.slice(iterations, iterations + concurrent);
  let errors = 0;
  const burstStarted = performance.now();
  const burstTimes = await Promise.all(burst.map((id) => timed(() => download(id)).catch(() => (errors++, NaN))));
  const burstWall = performance.now() - burstStarted;

  // Last, since each one replaces the warm browser: a render that cannot finish, then the one after it.
  const limitMs = 800;
  const givenUp: number[] = [];
  const after: number[] = [];
  for (let i = 0; i < 5; i++) {
    givenUp.push(
      await timed(() =>
        htmlToPdf('<img src="/v2/assets/1/content">', { asset: () => new Promise(() => {}), timeoutMs: limitMs }).then(
          () => Promise.reject(new Error("a render whose asset never answers finished")),
          (error: unknown) => (error instanceof RenderTimeoutError ? undefined : Promise.reject(error)),
        ),
      ),
    );
    after.push(await timed(() => htmlToPdf("<p>after a timeout</p>")));
  }
  const givenUpStats = stats(givenUp);
  const afterStats = stats(after);

  const subject: Stats = stats(endpoint);
  const bareStats: Stats = stats(floor);
  const cachedStats: Stats = stats(cached);
  const burstStats: Stats = stats(burstTimes.filter(Number.isFinite));
  const rows: Row[] = [
    { name: "GET /submissions/download (render)", subject, floorName: "bare Chromium page.pdf", floor: bareStats },
    { name: "GET /submissions/download (cached)", subject: cachedStats, floorName: "bare Chromium page.pdf", floor: bareStats },
  ];
  printRows("PDF downloads", rows);
  const ratioP50 = subject.p50 / bareStats.p50;
  const ratioP95 = subject.p95 / bareStats.p95;
  console.log(`render p50 ${subject.p50.toFixed(1)} ms / p95 ${subject.p95.toFixed(1)} ms vs bare p50 ${bareStats.p50.toFixed(1)} ms / p95 ${bareStats.p95.toFixed(1)} ms: ${ratioP50.toFixed(2)}x / ${ratioP95.toFixed(2)}x (target ≤ 1.3x)`);
  console.log(`${concurrent} concurrent downloads: ${errors} errors, wall ${burstWall.toFixed(0)} ms, p50 ${burstStats.p50.toFixed(0)} ms, p95 ${burstStats.p95.toFixed(0)} ms`);
  console.log(`a render that cannot finish (limit ${limitMs} ms) gave up after p50 ${givenUpStats.p50.toFixed(0)} ms, max ${Math.max(...givenUp).toFixed(0)} ms; the render after it (a new browser): p50 ${afterStats.p50.toFixed(0)} ms`);
  return { rows, ratioP50, ratioP95, renderP50Ms: subject.p50, renderP95Ms: subject.p95, bareP50Ms: bareStats.p50, bareP95Ms: bareStats.p95, cachedP50Ms: cachedStats.p50, concurrent: { count: concurrent, errors, wallMs: burstWall, p50Ms: burstStats.p50, p95Ms: burstStats.p95 }, timeout: { limitMs, givenUpP50Ms: givenUpStats.p50, givenUpMaxMs: Math.max(...givenUp), nextRenderP50Ms: afterStats.p50 } };
}
