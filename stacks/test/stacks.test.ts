import { beforeAll, describe, expect, it } from "vitest";
import { Match, Template } from "aws-cdk-lib/assertions";
import { initProject } from "sst/project.js";
import { App, getStack } from "sst/constructs";
import config from "../../sst.config";
import { Storage } from "../Storage";
import { Reports, REPORT_WORKER_MEMORY_MB, REPORT_WORKER_TIMEOUT_SECONDS } from "../Reports";
import { MAX_ATTEMPTS } from "../../packages/core/src/report/queue";
import { Webhooks, WEBHOOK_WORKER_DESCRIPTION } from "../Webhooks";
import { BATCH_SIZE, CONSUMERS, MAX_DELAY_MS, WORKER_TIMEOUT_SECONDS } from "../../packages/core/src/webhook/queue";
import { backoffMs } from "../../packages/core/src/webhook/deliver";
import { RETRY_FOR_MS } from "../../packages/core/src/webhook/emit";
import { STRANDED_AFTER_MS } from "../../packages/core/src/webhook/sweep";
import { Api, areaOf, routeStackFunctions, routeStacks, routesOf, ROUTES_PER_STACK } from "../Api";
import { Jobs } from "../Jobs";
import { Web } from "../Web";
import { routeKey, routes } from "../../packages/functions/src/routes";
import { ROUTE_ENV } from "../../packages/functions/src/lib/route";
import { jobs } from "../../packages/functions/src/jobs";
import { tableDefinition } from "../../packages/core/src/db/definition";
import { FIRST_PAINT_SCRIPT_HASH, securityHeaders } from "../../packages/core/src/web/security-headers";

let templates: Record<"storage" | "jobs" | "web" | "reports" | "webhooks", Template> & { api: RouteTemplates };
/** The route Lambdas by route key, and the job Lambdas by job name. */
let lambdas: { routes: Map<string, Lambda>; jobs: Map<string, Lambda> };

/** The route stacks' templates read as one: each question asked of every stack, answers joined. */
class RouteTemplates {
  constructor(readonly stacks: Template[]) {}
  findResources(type: string) {
    return Object.assign({}, ...this.stacks.map((template) => template.findResources(type))) as Record<string, { Properties: any }>;
  }
  resourceCountIs(type: string, count: number) {
    expect(Object.keys(this.findResources(type)).length).toBe(count);
  }
  hasResourceProperties(type: string, props: unknown) {
    const failures: string[] = [];
    const found = this.stacks.some((template) => {
      try {
        template.hasResourceProperties(type, props);
        return true;
      } catch (error) {
        failures.push(String(error));
        return false;
      }
    });
    if (!found) throw new Error(failures.join("\n"));
  }
}

/** A deployed Lambda: its properties, and the IAM policy documents on its role, as JSON. */
interface Lambda {
  properties: any;
  environment: string;
  policies: string;
}

/** Every Lambda of the templates that `nameOf` names, by that name (a name given twice fails), with the policies of its own role. */
function lambdasOf(stacks: Pick<Template, "findResources">[], nameOf: (properties: any) => string | undefined): Map<string, Lambda> {
  const found = new Map<string, Lambda>();
  for (const template of stacks) {
    const policies = Object.values(template.findResources("AWS::IAM::Policy"));
    for (const fn of Object.values(template.findResources("AWS::Lambda::Function"))) {
      const name = nameOf(fn.Properties);
      if (name === undefined) continue;
      expect(found.has(name), `two functions are ${name}`).toBe(false);
      const role = fn.Properties.Role?.["Fn::GetAtt"]?.[0];
      const own = policies.filter((policy) => policy.Properties.Roles?.some((ref: { Ref?: string }) => ref.Ref === role));
      found.set(name, { properties: fn.Properties, environment: JSON.stringify(fn.Properties.Environment ?? {}), policies: JSON.stringify(own.map((policy) => policy.Properties.PolicyDocument)) });
    }
  }
  return found;
}

/** The names of the Lambdas that `has` holds for, sorted, to compare with the table's. */
const namesWhere = (lambdas: Map<string, Lambda>, has: (lambda: Lambda) => boolean) => [...lambdas].filter(([, lambda]) => has(lambda)).map(([name]) => name).sort();
const routeKeysWhere = (uses: (route: (typeof routes)[number]) => boolean) => routes.filter(uses).map(routeKey).sort();
const jobNamesWhere = (uses: (job: (typeof jobs)[number]) => boolean) => jobs.filter(uses).map((job) => job.name).sort();

/** Synthesises every stack offline, as `sst deploy` would, and inspects the CloudFormation. */
beforeAll(async () => {
  await initProject({ stage: "test" });
  const app = new App({ mode: "deploy", stage: "test", name: "fleetforms", region: "us-east-1", account: "123456789012" });
  // the app as `sst deploy` makes it: sst.config.ts's default function props, then its stacks
  config.stacks(app);
  templates = {
    storage: Template.fromStack(getStack(Storage)),
    api: new RouteTemplates(routeStackFunctions().map((routeStack) => Template.fromStack(getStack(routeStack)))),
    jobs: Template.fromStack(getStack(Jobs)),
    reports: Template.fromStack(getStack(Reports)),
    webhooks: Template.fromStack(getStack(Webhooks)),
    web: Template.fromStack(getStack(Web)),
  };
  lambdas = {
    // each route's function carries its entry of the route table in its environment
    routes: lambdasOf(templates.api.stacks, (properties) => {
      const entry = properties.Environment?.Variables?.[ROUTE_ENV];
      return typeof entry === "string" ? routeKey(JSON.parse(entry)) : undefined;
    }),
    // each job's function is described by its entry of the job table
    jobs: lambdasOf([templates.jobs], (properties) => jobs.find((job) => job.description === properties.Description)?.name),
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
  it("places every route's area in exactly one route stack, each far below CloudFormation's 500 resources", () => {
    const placed = Object.values(routeStacks).flat() as string[];
    expect(new Set(placed).size).toBe(placed.length);
    for (const route of routes) expect(placed, `${route.handler}: add its folder to routeStacks`).toContain(areaOf(route));
    for (const name of Object.keys(routeStacks) as (keyof typeof routeStacks)[]) expect(routesOf(name).length).toBeLessThanOrEqual(ROUTES_PER_STACK);
    for (const template of templates.api.stacks) expect(Object.keys(template.toJSON().Resources).length).toBeLessThan(450);
    // the API stack holds the API alone, so adding routes never grows it
    expect(Template.fromStack(getStack(Api)).findResources("AWS::ApiGatewayV2::Route")).toEqual({});
  });

  it("has one Lambda and one route per entry of the route table", () => {
    const functions = templates.api.findResources("AWS::Lambda::Function");
    const apiFunctions = Object.values(functions).filter((fn) => JSON.stringify(fn.Properties?.Environment ?? {}).includes("SST_Table_tableName_Main"));
    expect(apiFunctions.length).toBe(routes.length);
    expect([...lambdas.routes.keys()].sort()).toEqual(routes.map(routeKey).sort());
    templates.api.resourceCountIs("AWS::ApiGatewayV2::Route", routes.length);
    for (const route of routes) {
      templates.api.hasResourceProperties("AWS::ApiGatewayV2::Route", { RouteKey: `${route.method} ${route.path}` });
    }
  });

  it("binds the bucket only to routes that use it", () => {
    const expected = routeKeysWhere((route) => route.uses?.includes("bucket") === true || route.uses?.includes("pdf") === true);
    expect(namesWhere(lambdas.routes, (lambda) => lambda.environment.includes("SST_Bucket_bucketName_Uploads"))).toEqual(expected);
    // the binding's grant, on the same functions' roles
    expect(namesWhere(lambdas.routes, (lambda) => lambda.policies.includes('"s3:*"'))).toEqual(expected);
  });
});

describe("Functions", () => {
  it("give each route the memory and timeout its entry asks for, defaults from sst.config.ts otherwise", () => {
    const deployed = Object.fromEntries([...lambdas.routes].map(([key, lambda]) => [key, `${lambda.properties.MemorySize} MB / ${lambda.properties.Timeout} s`]));
    expect(deployed).toEqual(Object.fromEntries(routes.map((route) => [routeKey(route), `${route.memorySize ?? 512} MB / ${route.timeoutSeconds ?? 10} s`])));
  });

  it("grant SES and SNS to exactly the routes that mail or text, both when a route does both", () => {
    expect(namesWhere(lambdas.routes, (lambda) => lambda.policies.includes("ses:SendEmail"))).toEqual(routeKeysWhere((route) => route.uses?.includes("mail") === true));
    expect(namesWhere(lambdas.routes, (lambda) => lambda.policies.includes("sns:Publish"))).toEqual(routeKeysWhere((route) => route.uses?.includes("sms") === true));
  });
});

describe("Jobs", () => {
  it("has a scheduled rule per job", () => {
    templates.jobs.resourceCountIs("AWS::Events::Rule", jobs.length);
    for (const job of jobs) templates.jobs.hasResourceProperties("AWS::Events::Rule", { ScheduleExpression: job.schedule });
  });

  it("lets only the jobs that send mail send it", () => {
    expect([...lambdas.jobs.keys()].sort()).toEqual(jobNamesWhere(() => true));
    expect(namesWhere(lambdas.jobs, (lambda) => lambda.policies.includes("ses:SendEmail"))).toEqual(jobNamesWhere((job) => job.uses?.includes("mail") === true));
  });
});

describe("Reports", () => {
  it("has the reports queue with its dead-letter queue after the worker's last attempt, and its two alarms", () => {
    templates.reports.resourceCountIs("AWS::SQS::Queue", 2);
    templates.reports.hasResourceProperties("AWS::SQS::Queue", {
      VisibilityTimeout: REPORT_WORKER_TIMEOUT_SECONDS + 60,
      RedrivePolicy: Match.objectLike({ maxReceiveCount: MAX_ATTEMPTS }),
    });
    templates.reports.hasResourceProperties("AWS::Lambda::EventSourceMapping", {
      BatchSize: 1,
      FunctionResponseTypes: ["ReportBatchItemFailures"],
      ScalingConfig: { MaximumConcurrency: 10 },
    });
    templates.reports.hasResourceProperties("AWS::Lambda::Function", { Timeout: REPORT_WORKER_TIMEOUT_SECONDS, MemorySize: REPORT_WORKER_MEMORY_MB });
    templates.reports.resourceCountIs("AWS::CloudWatch::Alarm", 2);
    templates.reports.hasResourceProperties("AWS::CloudWatch::Alarm", { MetricName: "ApproximateNumberOfMessagesVisible", Threshold: 1 });
    templates.reports.hasResourceProperties("AWS::CloudWatch::Alarm", { MetricName: "ApproximateAgeOfOldestMessage", Threshold: 900 });
  });

  it("lets only what queues reports or webhook deliveries send to a queue, each to its own", () => {
    // SST's binding grants sqs:* on each bound queue and names it in the function's environment
    const sends = (lambda: Lambda) => lambda.policies.includes('"sqs:*"');
    const bound = (queue: string) => (lambda: Lambda) => lambda.environment.includes(`SST_Queue_queueUrl_${queue}`);
    const uses = (resource: "queue" | "webhooks") => (entry: { uses?: readonly string[] }) => entry.uses?.includes(resource) === true;
    expect(namesWhere(lambdas.jobs, bound("Reports"))).toEqual(jobNamesWhere(uses("queue")));
    expect(namesWhere(lambdas.routes, bound("Reports"))).toEqual(routeKeysWhere(uses("queue")));
    expect(namesWhere(lambdas.jobs, bound("Webhooks"))).toEqual(jobNamesWhere(uses("webhooks")));
    expect(namesWhere(lambdas.routes, bound("Webhooks"))).toEqual(routeKeysWhere(uses("webhooks")));
    expect(namesWhere(lambdas.jobs, sends)).toEqual(jobNamesWhere((job) => uses("queue")(job) || uses("webhooks")(job)));
    expect(namesWhere(lambdas.routes, sends)).toEqual(routeKeysWhere((route) => uses("queue")(route) || uses("webhooks")(route)));
  });
});

describe("Webhooks", () => {
  it("feeds the queue to the webhook worker, which retries a delivery with back-off for a day in hops SQS can hold", () => {
    const resources = (type: string) => Object.entries(templates.webhooks.findResources(type)) as [string, { Properties: any }][];
    // the worker, by its description (as the jobs are told apart); the event source hands it the webhooks queue
    const workers = resources("AWS::Lambda::Function").filter(([, fn]) => fn.Properties.Description === WEBHOOK_WORKER_DESCRIPTION);
    expect(workers, "the webhook worker").toHaveLength(1);
    const [workerId, worker] = workers[0]!;
    expect(worker.Properties.Timeout).toBe(WORKER_TIMEOUT_SECONDS);
    const mappings = resources("AWS::Lambda::EventSourceMapping").filter(([, mapping]) => mapping.Properties.FunctionName?.Ref === workerId);
    expect(mappings).toHaveLength(1);
    const mapping = mappings[0]![1].Properties;
    expect(mapping).toMatchObject({ BatchSize: BATCH_SIZE, FunctionResponseTypes: ["ReportBatchItemFailures"], ScalingConfig: { MaximumConcurrency: CONSUMERS } });
    const queueId = mapping.EventSourceArn["Fn::GetAtt"][0] as string;
    const queue = templates.webhooks.findResources("AWS::SQS::Queue")[queueId]!.Properties;
    // the worker puts each retry back on its own queue: bound to it by name
    expect(worker.Properties.Environment.Variables).toMatchObject({ SST_Queue_queueUrl_Webhooks: { Ref: queueId } });

    // a message is hidden while a batch's attempts run (each at most 10 s), well past the worker's timeout
    expect(queue.VisibilityTimeout).toBeGreaterThanOrEqual(WORKER_TIMEOUT_SECONDS * 2);
    // only a message the worker itself cannot handle, five times, goes to the dead letters, kept 14 days, with an alarm
    const deadLettersId = queue.RedrivePolicy.deadLetterTargetArn["Fn::GetAtt"][0] as string;
    expect(deadLettersId).not.toBe(queueId);
    expect(queue.RedrivePolicy.maxReceiveCount).toBe(5);
    expect(templates.webhooks.findResources("AWS::SQS::Queue")[deadLettersId]!.Properties.MessageRetentionPeriod).toBe(14 * 86_400);
    const alarms = resources("AWS::CloudWatch::Alarm").filter(([, alarm]) => JSON.stringify(alarm.Properties.Dimensions).includes(deadLettersId));
    expect(alarms.map(([, alarm]) => alarm.Properties)).toEqual([expect.objectContaining({ MetricName: "ApproximateNumberOfMessagesVisible", Threshold: 1 })]);

    // a day of retries: each hop is a new message delayed at most SQS's 15 minutes, and kept longer than that
    expect(MAX_DELAY_MS).toBeLessThanOrEqual(900_000);
    expect(queue.MessageRetentionPeriod ?? 4 * 86_400).toBeGreaterThan(MAX_DELAY_MS / 1000 + queue.VisibilityTimeout);
    expect(RETRY_FOR_MS).toBeGreaterThanOrEqual(24 * 3_600_000);
    let schedule = 0;
    let attempts = 0;
    while (schedule < RETRY_FOR_MS) schedule += backoffMs(++attempts);
    expect(attempts).toBeGreaterThan(5);
  });

  it("sweeps lost deliveries every 15 minutes with a job bound to the table and the webhooks queue, once no message can be on its way", () => {
    const sweeper = jobs.find((job) => job.name === "webhook-sweep");
    expect(sweeper).toMatchObject({ schedule: "rate(15 minutes)", handler: "jobs/webhook-sweep" });
    const functions = Object.entries(templates.jobs.findResources("AWS::Lambda::Function") as Record<string, { Properties: any }>).filter(([, fn]) => fn.Properties.Description === sweeper!.description);
    expect(functions, "the webhook-sweep job's function").toHaveLength(1);
    const [functionId, fn] = functions[0]!;
    expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(expect.arrayContaining(["SST_Table_tableName_Main", "SST_Queue_queueUrl_Webhooks"]));
    expect(lambdas.jobs.get("webhook-sweep")!.policies).toContain('"sqs:*"');
    // its EventBridge rule runs that function
    templates.jobs.hasResourceProperties("AWS::Events::Rule", { ScheduleExpression: "rate(15 minutes)", Targets: Match.arrayWith([Match.objectLike({ Arn: { "Fn::GetAtt": [functionId, "Arn"] } })]) });
    // a delivery is taken for lost only after SQS's longest delay and the queue's visibility timeout
    const queue = Object.values(templates.webhooks.findResources("AWS::SQS::Queue") as Record<string, { Properties: any }>).find((candidate) => candidate.Properties.RedrivePolicy)!.Properties;
    expect(STRANDED_AFTER_MS).toBeGreaterThanOrEqual(MAX_DELAY_MS + queue.VisibilityTimeout * 1000);
  });
});

describe("Web", () => {
  it("serves the site through CloudFront with the API URL in its build settings", () => {
    templates.web.resourceCountIs("AWS::CloudFront::Distribution", 1);
    // The build settings are applied when SST builds the site; the construct holds them.
    const web = getStack(Web);
    const site = web.node.findChild("Site") as unknown as { props: { environment: Record<string, string> } };
    const apiUrl = JSON.stringify(web.resolve(site.props.environment.VITE_API_URL));
    // a GetAtt of the API's endpoint, imported from the Api stack once the Web stack references it (its CSP does)
    expect(apiUrl).toMatch(/"Fn::GetAtt":\["Api[0-9A-F]+","ApiEndpoint"\]|"Fn::ImportValue":"[^"]*GetAttApi[0-9A-F]+ApiEndpoint/);
  });
});

describe("Web pages", () => {
  it("answers a path with no file with the app's shell (app.html), so pre-rendered index.html stays the home page", () => {
    const [distribution] = Object.values(templates.web.findResources("AWS::CloudFront::Distribution"));
    const config = distribution!.Properties.DistributionConfig;
    expect(config.CustomErrorResponses).toEqual(
      expect.arrayContaining([expect.objectContaining({ ErrorCode: 403, ResponseCode: 200, ResponsePagePath: "/app.html" }), expect.objectContaining({ ErrorCode: 404, ResponseCode: 200, ResponsePagePath: "/app.html" })]),
    );
    // SST's viewer-request function maps /pricing to /pricing.html and / to /index.html (the pre-rendered pages)
    const functions = Object.values(templates.web.findResources("AWS::CloudFront::Function"));
    const code = functions.map((fn) => String(fn.Properties.FunctionCode)).join("\n");
    expect(code).toContain('request.uri += "index.html"');
    expect(code).toContain('request.uri += ".html"');
  });
});

describe("Web service worker", () => {
  it("serves sw.js and the manifest with no-cache, over SST's year-long default for .js files", () => {
    // SST's uploader applies its defaults (every .js a year, immutable) and then these, the last match winning;
    // the upload runs when SST builds the site, so the construct's settings are what a synth can read
    const site = getStack(Web).node.findChild("Site") as unknown as { props: { assets?: { fileOptions?: { files: string | string[]; cacheControl?: string }[] } } };
    const options = site.props.assets?.fileOptions ?? [];
    for (const file of ["sw.js", "manifest.webmanifest"]) {
      const option = options.filter((candidate) => [candidate.files].flat().includes(file)).at(-1);
      expect(option?.cacheControl).toMatch(/no-cache/);
    }
  });
});

describe("Web security headers", () => {
  const policy = () => {
    const policies = Object.values(templates.web.findResources("AWS::CloudFront::ResponseHeadersPolicy"));
    expect(policies).toHaveLength(1);
    return policies[0]!.Properties.ResponseHeadersPolicyConfig;
  };

  it("attaches a response headers policy to the site's distribution", () => {
    const [distribution] = Object.values(templates.web.findResources("AWS::CloudFront::Distribution"));
    const policyId = Object.keys(templates.web.findResources("AWS::CloudFront::ResponseHeadersPolicy"))[0];
    expect(distribution!.Properties.DistributionConfig.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
  });

  it("sends the shared definition's CSP, HSTS, frame, referrer and permissions policies", () => {
    const shared = securityHeaders();
    const config = policy();
    const security = config.SecurityHeadersConfig;
    const csp = JSON.stringify(security.ContentSecurityPolicy.ContentSecurityPolicy);
    for (const directive of [`script-src 'self' ${FIRST_PAINT_SCRIPT_HASH}`, "style-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain("unsafe-inline");
    // connect-src names the API and the uploads bucket, resolved at deploy time
    expect(csp).toMatch(/connect-src 'self' ".*ApiEndpoint.*" https:\/\/".*RegionalDomainName/);
    expect(security.ContentSecurityPolicy.Override).toBe(true);
    expect(security.ContentTypeOptions).toEqual({ Override: true });
    expect(security.FrameOptions).toEqual({ FrameOption: shared.frameOptions, Override: true });
    expect(security.ReferrerPolicy).toEqual({ ReferrerPolicy: shared.referrerPolicy, Override: true });
    expect(security.StrictTransportSecurity).toEqual({ AccessControlMaxAgeSec: shared.hsts.maxAgeSeconds, IncludeSubdomains: true, Override: true });
    expect(config.CustomHeadersConfig.Items).toEqual(
      expect.arrayContaining([
        { Header: "Permissions-Policy", Value: shared.permissionsPolicy, Override: true },
        { Header: "Cross-Origin-Opener-Policy", Value: shared.crossOriginOpenerPolicy, Override: true },
      ]),
    );
  });
});

describe("Api CORS", () => {
  it("lets the web app send an Idempotency-Key and read whether the answer is a replay (issue 20)", () => {
    Template.fromStack(getStack(Api)).hasResourceProperties("AWS::ApiGatewayV2::Api", {
      CorsConfiguration: Match.objectLike({
        AllowHeaders: Match.arrayWith(["authorization", "content-type", "idempotency-key"]),
        ExposeHeaders: ["idempotent-replayed"],
      }),
    });
  });
});
