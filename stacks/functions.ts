import type { FunctionProps } from "sst/constructs";

/**
 * How every function is built and run. `sst.config.ts` applies it as the app's default; routes that add
 * their own `nodejs` props must spread `nodejs` from here, because SST replaces a default's `nodejs`
 * object wholesale rather than merging it (only bind, permissions, layers and environment are merged).
 */
export const nodejs = {
  format: "esm",
  sourcemap: true,
  minify: true,
  esbuild: {
    // Handlebars' compiler carries source-map only to map compiled templates, which nothing asks for; it has a
    // fallback of its own when the package is missing (pdf/no-source-map.ts, docs/decisions.md)
    alias: { "source-map": "./packages/core/src/pdf/no-source-map.ts" },
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
