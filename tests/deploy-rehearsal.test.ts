import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { routes, type RouteDef } from "../packages/functions/src/routes";
import { ROUTE_ENV } from "../packages/functions/src/lib/route";
import { jobs } from "../packages/functions/src/jobs";
import { REPORT_WORKER_HANDLER } from "../stacks/Reports";
import { WEBHOOK_WORKER_HANDLER } from "../stacks/Webhooks";
import { budgetOf, httpEvent, invoke, mapLimit, OVER_FLOOR_BYTES, PDF_OVER_FLOOR_BYTES, rehearse, type BuiltFunction } from "../scripts/functions-build";

/**
 * The deploy rehearsal (issue 10): every function of the route table and the job table is built by SST's
 * own builder, exactly as `sst deploy` builds it, into a directory outside the repository, then loaded in
 * a fresh Node process with only its deployed environment. A function that would not build or load in
 * Lambda fails here.
 */
const outDir = mkdtempSync(path.join(tmpdir(), "fleetforms-rehearsal-"));
let built: BuiltFunction[];
/** The SDK floor (packages/core/sdk-floor.ts), built with SST's options in the same run: the budget's base. */
let floor: BuiltFunction;
/** The SDK floor plus ElectroDB and SSM's client (packages/core/library-floor.ts): the base the test enforces. */
let libraryFloor: BuiltFunction;
const bySource = new Map<string, BuiltFunction>();
const sourceOf = (handler: string) => `packages/functions/src/${handler}.handler`;
const fnFor = (route: Pick<RouteDef, "handler">) => bySource.get(sourceOf(route.handler))!;
/** The functions that draw PDFs: the routes that say so, and the reports worker (a ZIP of submissions' PDFs). */
const drawsPdfs = (fn: BuiltFunction) => fn.source === REPORT_WORKER_HANDLER || routes.some((route) => sourceOf(route.handler) === fn.source && route.uses?.includes("pdf"));

const stackEnv = inject("stackEnv");
/** What Lambda gives a function: its bound configuration (secrets prefetched into the environment by SST) and credentials. */
function lambdaEnv(fn: BuiltFunction, overrides: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {
    AWS_ACCESS_KEY_ID: "rehearsal",
    AWS_SECRET_ACCESS_KEY: "rehearsal",
    AWS_REGION: "us-east-1",
    AWS_LAMBDA_FUNCTION_NAME: "rehearsal",
    // stand-ins for the AWS endpoints: the test's DynamoDB Local and s3rver
    FLEETFORMS_DYNAMODB_ENDPOINT: stackEnv.FLEETFORMS_DYNAMODB_ENDPOINT!,
    FLEETFORMS_S3_ENDPOINT: stackEnv.FLEETFORMS_S3_ENDPOINT!,
  };
  for (const name of fn.environment) {
    if (name === ROUTE_ENV) env[name] = fn.variables[name]!;
    else if (stackEnv[name] !== undefined) env[name] = stackEnv[name];
    else if (name === "SST_SSM_PREFIX") env[name] = "/sst/fleetforms/rehearsal/";
    else if (name.startsWith("SST_Parameter_value_")) env[name] = "none";
    else env[name] = name === "AWS_NODEJS_CONNECTION_REUSE_ENABLED" || name.endsWith("WARNING_DISABLED") ? "1" : "rehearsal";
  }
  return { ...env, ...overrides };
}

beforeAll(async () => {
  ({ functions: built, floor, libraryFloor } = await rehearse({ outDir }));
  for (const fn of built) bySource.set(fn.source, fn);
}, 600_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe("every function builds as sst deploy builds it", () => {
  it("builds one function per route, per job and each queue's worker (reports, webhooks), each with its handler file in the output", () => {
    const expected = new Set([...routes.map((route) => sourceOf(route.handler)), ...jobs.map((job) => sourceOf(job.handler)), REPORT_WORKER_HANDLER, WEBHOOK_WORKER_HANDLER]);
    expect(new Set(built.map((fn) => fn.source))).toEqual(expected);
    for (const fn of built) {
      expect(fn.file.startsWith(outDir), fn.source).toBe(true);
      expect(readFileSync(fn.file, "utf8"), fn.source).toMatch(new RegExp(`export\\s*\\{[^}]*\\bas ${fn.exportName}\\b|export\\s*\\{[^}]*\\b${fn.exportName}\\b`));
    }
  });

  it("ships no native binding and nothing the bundle cannot load in Lambda", () => {
    for (const fn of built) {
      const files = readdirSync(fn.dir, { recursive: true }).map(String);
      expect(files.filter((file) => file.endsWith(".node")), fn.source).toEqual([]);
      expect(codeOf(fn), fn.source).not.toMatch(/@node-rs\/argon2/);
    }
  });

  it("carries zod's functional API and none of zod's classic API", () => {
    // the source map lists every module the bundle was built from
    const all = new Set<string>();
    for (const fn of built) {
      const sources = sourcesOf(fn);
      expect(sources.filter((source) => /zod\/v4\/classic\//.test(source)), fn.source).toEqual([]);
      for (const source of sources) all.add(source.replace(/^.*node_modules\//, ""));
    }
    expect(all).toContain("zod/v4/mini/schemas.js");
  });

  it("carries @middy/core without the stream modules it imports for streamed responses, and without kept names", () => {
    for (const fn of built) {
      const sources = sourcesOf(fn);
      if (!sources.some((source) => source.endsWith("@middy/core/index.js"))) continue;
      expect(sources.filter((source) => source.endsWith("functions/src/lib/no-streams.ts")), fn.source).toHaveLength(1);
      const code = codeOf(fn);
      expect(code, fn.source).not.toMatch(/["']node:stream\/web["']/);
      // esbuild's keepNames helper: SST turns it on, stacks/functions.ts turns it off. puppeteer-core ships
      // urlpattern-polyfill already bundled with the helper in it: the chunk that carries it is not ours to judge
      const ours = fn.files.filter((file) => !sourcesOf(fn, [file]).some((source) => source.includes("third_party/urlpattern-polyfill")));
      expect(codeOf(fn, ours), fn.source).not.toMatch(/"name",\s*\{\s*value:\s*\w+,\s*configurable:\s*!0\s*\}/);
    }
  });

  it("carries the PDF renderer (puppeteer-core driving Chromium over a pipe) only in the PDF functions", () => {
    const puppeteer = /node_modules\/puppeteer-core\//;
    for (const fn of built) {
      expect(sourcesOf(fn).some((source) => puppeteer.test(source)), fn.source).toBe(drawsPdfs(fn));
      // puppeteer-core adds the flag when launched with `pipe: true` (pdf/browser.ts): no port is opened
      expect(codeOf(fn).includes("--remote-debugging-pipe"), fn.source).toBe(drawsPdfs(fn));
      // nor the browser downloader's proxy agent and its PAC interpreter (stacks/functions.ts aliases it)
      expect(sourcesOf(fn).filter((source) => /node_modules\/(proxy-agent|pac-resolver|@tootallnate\/quickjs-emscripten)\//.test(source)), fn.source).toEqual([]);
    }
  });

  it("carries Stripe's package only in the functions that take payments, loaded at first use", () => {
    const stripe = (source: string) => /node_modules\/stripe\//.test(source);
    const carriers = built.filter((fn) => sourcesOf(fn).some(stripe)).map((fn) => fn.source);
    expect(carriers.sort()).toEqual(["checkout", "test-pay", "webhook"].map((verb) => `packages/functions/src/billing/${verb}.handler`));
    for (const fn of built) expect(sourcesOf(fn, fn.startFiles).filter(stripe), fn.source).toEqual([]);
  });

  it("loads Handlebars and the PDF renderer at first use, not at a cold start: a PDF drawn before is served without them", () => {
    const renderer = /handlebars\/|node_modules\/puppeteer-core\/|pdf\/(browser|sandbox|template)\.ts$/;
    const carriers = built.filter((fn) => sourcesOf(fn).some((source) => renderer.test(source)));
    expect(carriers.map((fn) => fn.source)).toEqual(expect.arrayContaining(["packages/functions/src/submissions/download.handler", "packages/functions/src/form/save-template.handler"]));
    for (const fn of carriers) expect(sourcesOf(fn, fn.startFiles).filter((source) => renderer.test(source)), fn.source).toEqual([]);
  });

  it("installs Chromium only beside the PDF functions, at the version the renderer is tested with", () => {
    const tested = JSON.parse(readFileSync("node_modules/@sparticuz/chromium/package.json", "utf8")).version;
    for (const fn of built) {
      const usesPdf = drawsPdfs(fn);
      expect(fn.installed, fn.source).toEqual(usesPdf ? ["@sparticuz/chromium"] : []);
      if (usesPdf) {
        const installed = JSON.parse(readFileSync(path.join(fn.dir, "node_modules/@sparticuz/chromium/package.json"), "utf8")).version;
        expect(installed, fn.source).toBe(tested);
      }
    }
  });

  it("gives each route's function the runtime, memory, timeout, bindings and permissions its entry asks for", () => {
    for (const route of routes) {
      const fn = fnFor(route);
      const uses = new Set(route.uses ?? []);
      expect(fn.runtime).toBe("nodejs22.x");
      expect(fn.memorySize, route.handler).toBe(route.memorySize ?? 512);
      expect(fn.timeout, route.handler).toBe(route.timeoutSeconds ?? 10);
      expect(fn.environment).toContain("SST_Table_tableName_Main");
      expect(fn.environment.includes("SST_Bucket_bucketName_Uploads"), route.handler).toBe(uses.has("bucket") || uses.has("pdf"));
      expect(fn.environment.includes("SST_Secret_value_JWT_SECRET"), route.handler).toBe(uses.has("jwt") || route.access !== "public");
      expect(fn.permissions.includes("ses:SendEmail"), route.handler).toBe(uses.has("mail"));
      expect(fn.permissions.includes("sns:Publish"), route.handler).toBe(uses.has("sms"));
      // its own entry of the table, which is all of the table it carries (functions/lib/route.ts)
      expect(routes.map((entry) => JSON.stringify(entry)), route.handler).toContain(fn.variables[ROUTE_ENV]);
      expect(JSON.parse(fn.variables[ROUTE_ENV]!).handler).toBe(route.handler);
      const sources = sourcesOf(fn, [fn.file]);
      expect(sources.filter((source) => source.endsWith("functions/src/routes.ts")), route.handler).toEqual([]);
    }
  });
});

describe("every function fits its budget over the SDK floor (issue 37)", () => {
  it("keeps every function's JavaScript, chunks included, within the library floor's + 400 KB (the PDF functions: + 2.5 MB, Chromium not counted)", () => {
    expect(floor.bytes).toBeGreaterThan(0);
    // the library floor is the SDK floor and the libraries every table-reading function carries, nothing more
    expect(libraryFloor.bytes).toBeGreaterThan(floor.bytes);
    const libraries = sourcesOf(libraryFloor).map((source) => source.replace(/^.*node_modules\//, "").split("/").slice(0, 2).join("/"));
    expect(libraries).toEqual(expect.arrayContaining(["electrodb/src", "@aws-sdk/client-ssm"]));
    expect(sourcesOf(libraryFloor).filter((source) => source.includes("packages/core/src/")).map((source) => source.replace(/^.*packages\//, ""))).toEqual(["core/src/aws/electrodb-sdk.ts"]);
    const over = built.filter((fn) => fn.bytes > budgetOf(fn, libraryFloor)).map((fn) => `${fn.source}: ${fn.bytes} bytes > ${budgetOf(fn, libraryFloor)}`);
    expect(over).toEqual([]);
    for (const fn of built) expect(budgetOf(fn, libraryFloor) - libraryFloor.bytes, fn.source).toBe(drawsPdfs(fn) ? PDF_OVER_FLOOR_BYTES : OVER_FLOOR_BYTES);
  });

  it("gives ElectroDB the commands and unmarshall it calls, by name, not lib-dynamodb's whole module", () => {
    const carriers = [libraryFloor, ...built].filter((fn) => sourcesOf(fn).some((source) => source.endsWith("electrodb/src/client.js")));
    expect(carriers.length).toBeGreaterThan(built.length / 2);
    for (const fn of carriers) expect(sourcesOf(fn).filter((source) => source.endsWith("core/src/aws/electrodb-sdk.ts")), fn.source).toHaveLength(1);
  });

  it("loads both floors themselves as deployed", async () => {
    for (const reference of [floor, libraryFloor]) {
      const answer = await invoke(reference, { env: { AWS_ACCESS_KEY_ID: "rehearsal", AWS_SECRET_ACCESS_KEY: "rehearsal", AWS_REGION: "us-east-1" }, event: {} });
      expect(answer.error, answer.stderr).toBeUndefined();
      expect(answer.result?.statusCode).toBe(200);
    }
  });
});

describe("every function loads and answers as deployed", () => {
  it("imports every bundle in a fresh process with only its deployed environment", async () => {
    const answers = await mapLimit(built, 2, async (fn) => ({ fn, answer: await invoke(fn, { env: lambdaEnv(fn) }) }));
    const failures = answers.filter(({ answer }) => !answer.ok).map(({ fn, answer }) => `${fn.source}: ${answer.error}\n${answer.stderr}`);
    expect(failures).toEqual([]);
  }, 300_000);

  it("answers GET /health with 200", async () => {
    const route = routes.find((entry) => entry.path === "/health")!;
    const answer = await invoke(fnFor(route), { env: lambdaEnv(fnFor(route)), event: httpEvent("GET", "/health") });
    expect(answer.error).toBeUndefined();
    expect(answer.result?.statusCode, answer.result?.body).toBe(200);
  });

  it("refuses a company route without a token with 401", async () => {
    const route = routes.find((entry) => entry.method === "GET" && entry.path === "/company/{id}")!;
    const event = httpEvent("GET", route.path, { rawPath: "/company/acme", pathParameters: { id: "acme" } });
    const answer = await invoke(fnFor(route), { env: lambdaEnv(fnFor(route)), event });
    expect(answer.result?.statusCode, answer.result?.body).toBe(401);
  });

  it("signs a demo account in through POST /auth/login against its stored password hash", async () => {
    const route = routes.find((entry) => entry.path === "/auth/login")!;
    const event = httpEvent("POST", route.path, { body: { email: "acme_driver", password: "fleetforms-demo", stayLoggedIn: false } });
    const answer = await invoke(fnFor(route), { env: lambdaEnv(fnFor(route)), event });
    expect(answer.result?.statusCode, answer.result?.body).toBe(200);
    expect(JSON.parse(answer.result!.body!)).toHaveProperty("access_token");
  });

  it("draws a PDF as deployed: the template preview's bundle loads the renderer's chunk, renders the template in its worker and launches the Chromium installed beside it", async () => {
    const call = async (route: RouteDef, event: ReturnType<typeof httpEvent>) => {
      const answer = await invoke(fnFor(route), { env: lambdaEnv(fnFor(route)), event });
      expect(answer.error, answer.stderr).toBeUndefined();
      return answer.result!;
    };
    const login = routes.find((entry) => entry.path === "/auth/login")!;
    const signedIn = await call(login, httpEvent("POST", login.path, { body: { email: "acme_admin", password: "fleetforms-demo", stayLoggedIn: false } }));
    const authorization = `Bearer ${(JSON.parse(signedIn.body!) as { access_token: string }).access_token}`;
    const list = routes.find((entry) => entry.method === "GET" && entry.path === "/form")!;
    const listed = JSON.parse((await call(list, httpEvent("GET", list.path, { headers: { authorization } }))).body!) as { data: { forms: { id: number }[] } };
    const formId = listed.data.forms[0]!.id;
    const preview = routes.find((entry) => entry.handler === "form/preview-template")!;
    const event = httpEvent("POST", preview.path, { rawPath: `/form/template/${formId}/preview`, pathParameters: { id: String(formId) }, headers: { authorization }, body: { template: "<h1>{{form.name}}</h1>" } });
    const pdf = await call(preview, event);
    expect(pdf.statusCode, pdf.body?.slice(0, 300)).toBe(200);
    expect(Buffer.from(pdf.body!, "base64").subarray(0, 5).toString("latin1")).toBe("%PDF-");
  }, 120_000);

  it("answers the SPEC's 500 and logs one line naming the secret when the JWT secret cannot be read at cold start", async () => {
    const route = routes.find((entry) => entry.method === "GET" && entry.path === "/auth/user")!;
    const fn = fnFor(route);
    // As deployed without a readable secret: the SSM marker, and an SSM endpoint that refuses connections.
    const env = lambdaEnv(fn, { SST_Secret_value_JWT_SECRET: "__FETCH_FROM_SSM__", AWS_ENDPOINT_URL_SSM: "http://127.0.0.1:9" });
    const event = httpEvent("GET", route.path, { headers: { authorization: "Bearer some.access.token" } });
    const answer = await invoke(fn, { env, event });
    expect(answer.result?.statusCode, answer.result?.body).toBe(500);
    expect(JSON.parse(answer.result!.body!).message).toBe("Server error. Please try again later.");
    expect(answer.result!.body).not.toMatch(/JWT_SECRET|at \S+ \(|ECONNREFUSED/);
    const lines = answer.stderr.trim().split("\n").filter((line) => line.includes("JWT_SECRET"));
    expect(lines).toHaveLength(1);
    expect(answer.stderr).not.toMatch(/\n\s+at /);
  });
});

/** All of a function's JavaScript (the bundle and its chunks), or the files given. */
function codeOf(fn: BuiltFunction, files = fn.files) {
  return files.map((file) => readFileSync(file, "utf8")).join("\n");
}

/** The modules a function's files were built from, as their source maps list them. */
/** Each file's source map is read once: several tests look at every function's sources. */
const sourcesByFile = new Map<string, string[]>();
function sourcesOf(fn: BuiltFunction, files = fn.files): string[] {
  return files.flatMap((file) => {
    if (!sourcesByFile.has(file)) sourcesByFile.set(file, JSON.parse(readFileSync(`${file}.map`, "utf8")).sources as string[]);
    return sourcesByFile.get(file)!;
  });
}
