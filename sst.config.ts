import type { SSTConfig } from "sst";
import { Secrets } from "./stacks/Secrets";
import { Storage } from "./stacks/Storage";
import { Api } from "./stacks/Api";
import { Jobs } from "./stacks/Jobs";
import { Web } from "./stacks/Web";

export default {
  config() {
    return { name: "fleetforms", region: process.env.AWS_REGION ?? "us-east-1" };
  },
  stacks(app) {
    app.setDefaultFunctionProps({
      // Node 22 in Lambda (the AWS SDK needs it from 2027); the code also runs on the Node 20 of local machines.
      runtime: "nodejs22.x",
      architecture: "x86_64",
      memorySize: 512,
      timeout: 10,
      logRetention: "one_month",
      nodejs: { format: "esm", sourcemap: true },
      environment: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
    });
    // Data outlives a mistaken `sst remove` in production; other stages clean up after themselves.
    if (app.stage !== "prod") app.setDefaultRemovalPolicy("destroy");
    app.stack(Secrets).stack(Storage).stack(Api).stack(Jobs).stack(Web);
  },
} satisfies SSTConfig;
