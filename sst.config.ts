import type { SSTConfig } from "sst";
import { Secrets } from "./stacks/Secrets";
import { Storage } from "./stacks/Storage";
import { Api, routeStackFunctions } from "./stacks/Api";
import { Jobs } from "./stacks/Jobs";
import { Reports } from "./stacks/Reports";
import { Webhooks } from "./stacks/Webhooks";
import { Web } from "./stacks/Web";
import { functionDefaults } from "./stacks/functions";

export default {
  config() {
    return { name: "fleetforms", region: process.env.AWS_REGION ?? "us-east-1" };
  },
  stacks(app) {
    app.setDefaultFunctionProps(functionDefaults);
    // Data outlives a mistaken `sst remove` in production; other stages clean up after themselves.
    if (app.stage !== "prod") app.setDefaultRemovalPolicy("destroy");
    app.stack(Secrets).stack(Storage).stack(Reports).stack(Webhooks).stack(Api);
    // routes live in stacks by area, each well under CloudFormation's 500 resources (stacks/Api.ts)
    for (const routeStack of routeStackFunctions()) app.stack(routeStack);
    app.stack(Jobs).stack(Web);
  },
} satisfies SSTConfig;
