import { beforeAll, describe, expect, it } from "vitest";
import { Match, Template } from "aws-cdk-lib/assertions";
import { initProject } from "sst/project.js";
import { App, getStack } from "sst/constructs";
import { Secrets } from "../Secrets";
import { Storage } from "../Storage";
import { Api } from "../Api";
import { Jobs } from "../Jobs";
import { Web } from "../Web";
import { routes } from "../../packages/functions/src/routes";
import { jobs } from "../../packages/functions/src/jobs";
import { tableDefinition } from "../../packages/core/src/db/definition";

let templates: Record<"storage" | "api" | "jobs" | "web", Template>;

/** Synthesises every stack offline, as `sst deploy` would, and inspects the CloudFormation. */
beforeAll(async () => {
  await initProject({ stage: "test" });
  const app = new App({ mode: "deploy", stage: "test", name: "fleetforms", region: "us-east-1", account: "123456789012" });
  app.stack(Secrets).stack(Storage).stack(Api).stack(Jobs).stack(Web);
  templates = {
    storage: Template.fromStack(getStack(Storage)),
    api: Template.fromStack(getStack(Api)),
    jobs: Template.fromStack(getStack(Jobs)),
    web: Template.fromStack(getStack(Web)),
  };
}, 120_000);

describe("Storage", () => {
  it("is one on-demand table with point-in-time recovery, TTL and the shared indexes", () => {
    templates.storage.resourceCountIs("AWS::DynamoDB::Table", 1);
    templates.storage.hasResourceProperties("AWS::DynamoDB::Table", {
      BillingMode: "PAY_PER_REQUEST",
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      KeySchema: [
        { AttributeName: "pk", KeyType: "HASH" },
        { AttributeName: "sk", KeyType: "RANGE" },
      ],
      GlobalSecondaryIndexes: tableDefinition.globalIndexes.map((index) => Match.objectLike({ IndexName: index.indexName })),
    });
  });

  it("blocks public access to the uploads bucket and denies requests without TLS", () => {
    templates.storage.hasResourceProperties("AWS::S3::Bucket", {
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedMethods: Match.arrayWith(["PUT"]) })] },
      LifecycleConfiguration: { Rules: Match.arrayWith([Match.objectLike({ Prefix: "pending/", ExpirationInDays: 1 })]) },
    });
    templates.storage.hasResourceProperties("AWS::S3::BucketPolicy", {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: "Deny", Action: "s3:*", Condition: { Bool: { "aws:SecureTransport": "false" } } }),
        ]),
      },
    });
  });
});

describe("Api", () => {
  it("has one Lambda and one route per entry of the route table", () => {
    const functions = templates.api.findResources("AWS::Lambda::Function");
    const apiFunctions = Object.values(functions).filter((fn) => JSON.stringify(fn.Properties?.Environment ?? {}).includes("SST_Table_tableName_Main"));
    expect(apiFunctions.length).toBe(routes.length);
    templates.api.resourceCountIs("AWS::ApiGatewayV2::Route", routes.length);
    for (const route of routes) {
      templates.api.hasResourceProperties("AWS::ApiGatewayV2::Route", { RouteKey: `${route.method} ${route.path}` });
    }
  });

  it("binds the bucket only to routes that use it", () => {
    const functions = Object.values(templates.api.findResources("AWS::Lambda::Function"));
    const withBucket = functions.filter((fn) => JSON.stringify(fn.Properties?.Environment ?? {}).includes("SST_Bucket_bucketName_Uploads"));
    expect(withBucket.length).toBe(routes.filter((route) => route.uses?.includes("bucket") || route.uses?.includes("pdf")).length);
  });
});

describe("Jobs", () => {
  it("has a scheduled rule per job", () => {
    templates.jobs.resourceCountIs("AWS::Events::Rule", jobs.length);
    for (const job of jobs) templates.jobs.hasResourceProperties("AWS::Events::Rule", { ScheduleExpression: job.schedule });
  });
});

describe("Web", () => {
  it("serves the site through CloudFront with the API URL in its build settings", () => {
    templates.web.resourceCountIs("AWS::CloudFront::Distribution", 1);
    // The build settings are applied when SST builds the site; the construct holds them.
    const web = getStack(Web);
    const site = web.node.findChild("Site") as unknown as { props: { environment: Record<string, string> } };
    const apiUrl = JSON.stringify(web.resolve(site.props.environment.VITE_API_URL));
    expect(apiUrl).toMatch(/"Fn::GetAtt":\["Api[0-9A-F]+","ApiEndpoint"\]/);
  });
});
