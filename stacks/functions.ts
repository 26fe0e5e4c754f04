import path from "node:path";
import type { FunctionProps } from "sst/constructs";

/**
 * @middy/core's imports of Node's stream modules, served by functions/lib/no-streams.ts: they are for streamed
 * responses, which no function makes, and loading them cost every cold start about 4 ms. Only middy's own
 * imports are replaced; any other module that imports a stream module gets Node's.
 */
type Plugin = NonNullable<NonNullable<NonNullable<FunctionProps["nodejs"]>["esbuild"]>["plugins"]>[number];
const middyWithoutStreams: Plugin = {
  name: "middy-without-streams",
  setup(build) {
    build.onResolve({ filter: /^node:stream(\/promises|\/web)?$/ }, ({ importer }) =>
      /[\\/]@middy[\\/]core[\\/]/.test(importer) ? { path: path.resolve("packages/functions/src/lib/no-streams.ts") } : undefined,
    );
  },
};

/**
 * ElectroDB's `require`s of the SDK's DynamoDB packages, served by core/aws/electrodb-sdk.ts: the ten commands and
 * `unmarshall` it uses, named, instead of the whole modules a `require` keeps (about 60 KB of every function).
 * Only ElectroDB's own requires are redirected; the product's imports of the same packages are left alone.
 */
const electrodbSdk: Plugin = {
  name: "electrodb-sdk",
  setup(build) {
    build.onResolve({ filter: /^@aws-sdk\/(lib|util)-dynamodb$/ }, ({ importer }) =>
      /[\\/]electrodb[\\/]src[\\/]client\.js$/.test(importer) ? { path: path.resolve("packages/core/src/aws/electrodb-sdk.ts") } : undefined,
    );
  },
};

/**
 * How every function is built and run. `sst.config.ts` applies it as the app's default; routes that add
 * their own `nodejs` props must spread `nodejs` from here, because SST replaces a default's `nodejs`
 * object wholesale rather than merging it (only bind, permissions, layers and environment are merged).
 */
export const nodejs = {
  format: "esm",
  // a service loaded with import() at first use (the PDF renderer: submission/pdf.ts) becomes a chunk beside the
  // bundle, so the function's cold start does not compile it (STYLE rule 11); without dynamic imports the output
  // is the one file it always was
  splitting: true,
  sourcemap: true,
  minify: true,
  esbuild: {
    // Handlebars' compiler carries source-map only to map compiled templates, which nothing asks for; it has a
    // fallback of its own when the package is missing (pdf/no-source-map.ts, docs/decisions.md). puppeteer-core's
    // browser downloader reaches for proxy-agent (a PAC interpreter: quickjs, esprima, ~1.1 MB) that a render,
    // which launches the Chromium @sparticuz/chromium unpacks, never runs (pdf/no-proxy-agent.ts)
    alias: { "source-map": "./packages/core/src/pdf/no-source-map.ts", "proxy-agent": "./packages/core/src/pdf/no-proxy-agent.ts" },
    plugins: [middyWithoutStreams, electrodbSdk],
    // SST asks esbuild to keep every function's and class's name, which costs each a call at load and 6% of
    // the bundle; nothing reads a minified name (errors name themselves: util/errors.ts)
    keepNames: false,
  },
} satisfies FunctionProps["nodejs"];

export const functionDefaults = {
  // Node 22 in Lambda (the AWS SDK needs it from 2027); the code also runs on the Node 20 of local machines.
  runtime: "nodejs22.x",
  architecture: "x86_64",
  memorySize: 512,
  timeout: 10,
  logRetention: "one_month",
  nodejs,
  environment: {
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
    // the largest document a company may keep, in MB (issue 15; docs/api-documents.md)
    FLEETFORMS_DOCUMENT_MAX_MB: process.env.FLEETFORMS_DOCUMENT_MAX_MB ?? "25",
  },
} satisfies FunctionProps;
