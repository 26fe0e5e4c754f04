import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { routes, type RouteDef } from "../packages/functions/src/routes";
import { jobs } from "../packages/functions/src/jobs";

const who = (route: RouteDef) =>
  route.access === "public" ? "anyone" : route.access === "token" ? "signed in" : route.access === "company" ? "signed in, company selected" : route.access.join(", ");

/** docs/api.md, written from the route table and the job table so it cannot drift from them. */
export function renderApiDocs(): string {
  const lines = [
    "# API",
    "",
    "Generated from `packages/functions/src/routes.ts` by `npm run docs:api`; a test fails when it is stale.",
    "Locally the API is served under `/api` (e.g. `http://localhost:3000/api/health`); in AWS at the stage's `ApiUrl`.",
    "Every call but the public ones sends `Authorization: Bearer <access_token>`. Errors answer `{ code, message }`",
    "(400s add `fieldErrors`, 429s a `retry-after` header, 500s a `requestId`).",
    "Bodies and answers of the administration calls (users, roles, seats): `docs/api-admin.md`; of the vehicle calls: `docs/api-vehicles.md`; of the submissions list: `docs/api-submissions.md`.",
    "`POST /submissions/save` and `POST /v2/assets/upload-url` take an `Idempotency-Key` request header that makes a retry answer the first request's result: `docs/api-idempotency.md`.",
    "",
    "| method | path | who may call | handler |",
    "|---|---|---|---|",
    ...routes.map((route) => `| ${route.method} | \`${route.path}\` | ${who(route)} | \`packages/functions/src/${route.handler}.ts\` |`),
    "",
    "## Scheduled jobs",
    "",
    "| job | schedule (UTC) | what it does |",
    "|---|---|---|",
    ...jobs.map((job) => `| ${job.name} | \`${job.schedule}\` | ${job.description} |`),
    "",
  ];
  return lines.join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = path.join(path.dirname(fileURLToPath(import.meta.url)), "../docs/api.md");
  writeFileSync(target, renderApiDocs());
  console.log(`Wrote ${path.relative(process.cwd(), target)} (${routes.length} routes).`);
}
