import { createHash, createHmac } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Context } from "aws-lambda";
import * as Storage from "../src/asset/storage";
import { asciiFileName, contentDisposition } from "../src/util/http-headers";
import { DEMO_PASSWORD, unique } from "../../../tests/http";

/*
 * Our thin modules over the AWS SDK v3 (issue 37): the uploads bucket (asset/storage.ts, storage/s3.ts), SES v2,
 * SNS and SQS (aws/*-client.ts) and the secrets read from SSM (util/config.ts). What they send is checked at a
 * stand-in endpoint; the SDK's own protocol code is not tested here.
 */

/** A throwaway HTTP server standing in for an AWS endpoint; records every request it answers. */
async function fakeAws(answer: (request: { headers: IncomingMessage["headers"]; body: string; path: string; method: string; n: number }) => { status: number; body?: string; headers?: Record<string, string> }) {
  const seen: { headers: IncomingMessage["headers"]; body: string; path: string; method: string }[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += String(chunk)));
    req.on("end", () => {
      const request = { headers: req.headers, body, path: req.url ?? "/", method: req.method ?? "GET" };
      seen.push(request);
      const reply = answer({ ...request, n: seen.length });
      res.writeHead(reply.status, { "content-type": "application/x-amz-json-1.0", ...reply.headers }).end(reply.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** SigV4 computed independently of the SDK, straight from AWS's description of the algorithm. */
const rfc3986 = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
function sigv4(input: { secret: string; method: string; path: string; query: [string, string][]; headers: Record<string, string>; payloadHash: string; datetime: string; scope: string }) {
  const names = Object.keys(input.headers).sort();
  const canonical = [
    input.method,
    input.path,
    input.query
      .map(([key, value]) => [rfc3986(key), rfc3986(value)])
      .sort(([a], [b]) => (a! < b! ? -1 : 1))
      .map((pair) => pair.join("="))
      .join("&"),
    names.map((name) => `${name}:${input.headers[name]!.trim().replace(/\s+/g, " ")}\n`).join(""),
    names.join(";"),
    input.payloadHash,
  ].join("\n");
  const toSign = ["AWS4-HMAC-SHA256", input.datetime, input.scope, createHash("sha256").update(canonical).digest("hex")].join("\n");
  let key: Buffer = Buffer.from(`AWS4${input.secret}`);
  for (const part of input.scope.split("/")) key = createHmac("sha256", key).update(part).digest();
  return createHmac("sha256", key).update(toSign).digest("hex");
}

/** A presigned URL's signature as S3 computes it, for the method and the (encoded) path the URL addresses. */
function presignedSignatureOf(url: URL, secret: string, method: string, signedHeaderValues: Record<string, string> = {}, path = url.pathname) {
  const query = [...url.searchParams].filter(([name]) => name !== "X-Amz-Signature") as [string, string][];
  const scope = url.searchParams.get("X-Amz-Credential")!.split("/").slice(1).join("/");
  const headers = Object.fromEntries(url.searchParams.get("X-Amz-SignedHeaders")!.split(";").map((name) => [name, name === "host" ? url.host : signedHeaderValues[name]!]));
  return sigv4({ secret, method, path, query, headers, payloadHash: "UNSIGNED-PAYLOAD", datetime: url.searchParams.get("X-Amz-Date")!, scope });
}

describe("the uploads bucket (asset/storage.ts over the S3 client)", () => {
  it("reads back what it writes, and reads a missing object as absent", async () => {
    const key = `test/${unique("s3")}/ñandú (1).txt`;
    await Storage.write(key, Buffer.from("hola"), "text/plain");
    expect((await Storage.read(key))?.toString()).toBe("hola");
    expect(await Storage.sizeOf(key)).toBe(4);
    expect((await Storage.firstBytes(key, 2)).toString()).toBe("ho");
    await Storage.move(key, `${key}.moved`, "text/plain");
    expect(await Storage.read(key)).toBeUndefined();
    expect(await Storage.sizeOf(key)).toBeUndefined();
    expect((await Storage.read(`${key}.moved`))?.toString()).toBe("hola");
    await Storage.remove(`${key}.moved`);
    expect(await Storage.read(`${key}.moved`)).toBeUndefined();
  });

  it("writes an object larger than a part in parts", async () => {
    const key = `test/${unique("s3")}/big.bin`;
    const big = Buffer.alloc(5 * 1024 * 1024 + 3, 7);
    await Storage.write(key, big, "application/octet-stream");
    expect((await Storage.read(key))!.equals(big)).toBe(true);
  });

  it("checks URLs with an implementation that reproduces AWS's documented example", () => {
    const url = new URL(
      "https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404",
    );
    expect(presignedSignatureOf(url, "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "GET")).toBe(url.searchParams.get("X-Amz-Signature"));
  });

  it("presigns a PUT for its exact key, type and length", async () => {
    const key = "pending/companies/a%2F..%2Fb/assets/ñandú (1)*.pdf";
    const url = new URL(await Storage.presignPut(key, "application/pdf", 1234));
    expect(decodeURIComponent(url.pathname)).toMatch(/\/pending\/companies\/a%2F\.\.%2Fb\/assets\/ñandú \(1\)\*\.pdf$/);
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("content-length;content-type;host");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("300");
    const headers = { "content-type": "application/pdf", "content-length": "1234" };
    // the local stack's credentials (s3rver's documented pair)
    expect(presignedSignatureOf(url, "S3RVER", "PUT", headers)).toBe(url.searchParams.get("X-Amz-Signature"));
    expect(presignedSignatureOf(url, "S3RVER", "PUT", { ...headers, "content-length": "1235" })).not.toBe(url.searchParams.get("X-Amz-Signature"));
    expect(presignedSignatureOf(url, "S3RVER", "GET", headers)).not.toBe(url.searchParams.get("X-Amz-Signature"));
  });

  it("presigns a GET whose response headers name a file of any script, spaces as %20", async () => {
    const url = new URL(await Storage.presignGet("k/informe.pdf", { contentType: "application/pdf", fileName: "informe-ñandú-日本.pdf", download: true }));
    const disposition = contentDisposition("attachment", "informe-ñandú-日本.pdf");
    expect(url.searchParams.get("response-content-disposition")).toBe(disposition);
    expect(url.search).toContain("response-content-disposition=attachment%3B%20filename%3D%22informe-nandu-__.pdf%22%3B%20filename%2A%3DUTF-8%27%27informe-");
    expect(url.search).not.toContain("+");
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("host");
    expect(presignedSignatureOf(url, "S3RVER", "GET")).toBe(url.searchParams.get("X-Amz-Signature"));
  });
});

describe("mail, text messages and the reports queue in AWS (SES v2, SNS, SQS)", () => {
  const saved = { ...process.env };
  let aws: Awaited<ReturnType<typeof fakeAws>>;
  const md5 = (text: string) => createHash("md5").update(text).digest("hex");

  beforeAll(async () => {
    aws = await fakeAws(({ path, headers, body }) => {
      if (path.startsWith("/v2/email/outbound-emails")) return { status: 200, body: JSON.stringify({ MessageId: "ses-1" }), headers: { "content-type": "application/json" } };
      if (headers["x-amz-target"] === "AmazonSQS.SendMessageBatch") {
        const { Entries } = JSON.parse(body) as { Entries: { Id: string; MessageBody: string }[] };
        return { status: 200, body: JSON.stringify({ Successful: Entries.map(({ Id, MessageBody }) => ({ Id, MessageId: `m-${Id}`, MD5OfMessageBody: md5(MessageBody) })), Failed: [] }) };
      }
      return {
        status: 200,
        headers: { "content-type": "text/xml" },
        body: '<PublishResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><PublishResult><MessageId>sns-1</MessageId></PublishResult><ResponseMetadata><RequestId>r-1</RequestId></ResponseMetadata></PublishResponse>',
      };
    });
    Object.assign(process.env, {
      FLEETFORMS_LOCAL: "",
      AWS_ACCESS_KEY_ID: "AKIDTEST",
      AWS_SECRET_ACCESS_KEY: "secret",
      AWS_ENDPOINT_URL_SESV2: aws.url,
      AWS_ENDPOINT_URL_SNS: aws.url,
      AWS_ENDPOINT_URL_SQS: aws.url,
      SST_Parameter_value_MAIL_FROM: "Fleetforms <no-reply@example.com>",
      SST_Parameter_value_SMS_SENDER_ID: "Fleetforms",
      SST_Queue_queueUrl_Reports: `${aws.url}/123456789012/reports`,
    });
  });
  afterAll(async () => {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
    await aws.close();
  });

  it("sends an e-mail as SES v2's SendEmail, signed", async () => {
    const { Mailer } = await import("../src/messaging/mailer");
    await Mailer.send({ to: "ana@example.com", subject: "Hola ñandú", text: "Texto", html: "<p>Texto</p>" });
    const request = aws.seen.find((entry) => entry.path.startsWith("/v2/email/outbound-emails"))!;
    expect(JSON.parse(request.body)).toEqual({
      FromEmailAddress: "Fleetforms <no-reply@example.com>",
      Destination: { ToAddresses: ["ana@example.com"] },
      Content: { Simple: { Subject: { Data: "Hola ñandú", Charset: "UTF-8" }, Body: { Text: { Data: "Texto", Charset: "UTF-8" }, Html: { Data: "<p>Texto</p>", Charset: "UTF-8" } } } },
    });
    expect(request.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/us-east-1\/ses\/aws4_request/);
  });

  it("sends a text message as a transactional SNS Publish with the sender id", async () => {
    const { Sms } = await import("../src/messaging/sms");
    await Sms.send({ to: "15551234567", body: "Código 123" });
    const request = aws.seen.find((entry) => entry.body.includes("Action=Publish"))!;
    const form = new URLSearchParams(request.body);
    expect(form.get("PhoneNumber")).toBe("+15551234567");
    expect(form.get("Message")).toBe("Código 123");
    const attributes = Object.fromEntries([1, 2].map((n) => [form.get(`MessageAttributes.entry.${n}.Name`), form.get(`MessageAttributes.entry.${n}.Value.StringValue`)]));
    expect(attributes).toEqual({ "AWS.SNS.SMS.SMSType": "Transactional", "AWS.SNS.SMS.SenderID": "Fleetforms" });
  });

  it("puts reports on SQS ten a call", async () => {
    const { enqueue } = await import("../src/report/queue");
    const messages = Array.from({ length: 12 }, (_, i) => ({ companyId: "acme", scheduleId: "weekly", runId: `run-${i}` }));
    await enqueue(messages);
    const batches = aws.seen.filter((entry) => entry.headers["x-amz-target"] === "AmazonSQS.SendMessageBatch").map((entry) => JSON.parse(entry.body) as { QueueUrl: string; Entries: { MessageBody: string }[] });
    expect(batches.map((batch) => batch.Entries.length)).toEqual([10, 2]);
    expect(batches[0]!.QueueUrl).toBe(`${aws.url}/123456789012/reports`);
    expect(batches.flatMap((batch) => batch.Entries.map((entry) => JSON.parse(entry.MessageBody)))).toEqual(messages);
  });
});

describe("Content-Disposition", () => {
  it("keeps a plain ASCII name as it is", () => {
    expect(contentDisposition("attachment", "submission_12.pdf")).toBe('attachment; filename="submission_12.pdf"');
  });

  it("gives any other name an ASCII fallback and the UTF-8 original (RFC 6266 / RFC 5987)", () => {
    expect(contentDisposition("attachment", "informe-ñandú-日本.pdf")).toBe(`attachment; filename="informe-nandu-__.pdf"; filename*=UTF-8''informe-%C3%B1and%C3%BA-%E6%97%A5%E6%9C%AC.pdf`);
    expect(contentDisposition("inline", 'a "quoted" 100% \\ name (1).png')).toBe(`inline; filename="a _quoted_ 100_ _ name (1).png"; filename*=UTF-8''a%20%22quoted%22%20100%25%20%5C%20name%20%281%29.png`);
    expect(asciiFileName("Čeština 🚚.pdf")).toBe("Cestina _.pdf");
  });

  it("produces only characters a header may carry", () => {
    for (const name of ["日本語.pdf", "a\r\nb.png", "x\u0000y", "ÿ€.txt"]) expect(contentDisposition("attachment", name)).toMatch(/^[\x20-\x7e]+$/);
  });
});

describe("secrets kept in SSM", () => {
  const context = { awsRequestId: "req-ssm", getRemainingTimeInMillis: () => 10_000 } as unknown as Context;
  const loginEvent = () =>
    ({
      version: "2.0",
      routeKey: "POST /auth/login",
      rawPath: "/auth/login",
      rawQueryString: "",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "acme_driver", password: DEMO_PASSWORD }),
      requestContext: { requestId: "api-req", http: { method: "POST", path: "/auth/login", sourceIp: "10.9.8.7" } },
      isBase64Encoded: false,
    }) as never;
  const saved = { ...process.env };
  let ssm: Awaited<ReturnType<typeof fakeAws>>;
  let answer: (names: string[]) => { status: number; body: string } = () => ({ status: 500, body: "{}" });

  beforeAll(async () => {
    ssm = await fakeAws(({ body }) => answer((JSON.parse(body) as { Names: string[] }).Names));
    Object.assign(process.env, {
      SST_Secret_value_JWT_SECRET: "__FETCH_FROM_SSM__",
      SST_SSM_PREFIX: "/sst/fleetforms/test/",
      SST_APP: "fleetforms",
      AWS_ACCESS_KEY_ID: "AKIDTEST",
      AWS_SECRET_ACCESS_KEY: "secret",
    });
  });
  afterAll(async () => {
    vi.useRealTimers();
    for (const name of ["SST_Secret_value_JWT_SECRET", "SST_SSM_PREFIX", "SST_APP", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_ENDPOINT_URL_SSM"]) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    await ssm.close();
  });

  async function loginLogging() {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const { handler } = await import("@fleetforms/functions/auth/login");
      const result = await handler(loginEvent(), context);
      return { result, lines: log.mock.calls.map((args) => args.map(String).join(" ")) };
    } finally {
      log.mockRestore();
    }
  }

  it("answers the SPEC's 500 with one log line naming a secret that is not set", async () => {
    process.env.AWS_ENDPOINT_URL_SSM = ssm.url;
    answer = (names) => ({ status: 200, body: JSON.stringify({ Parameters: [], InvalidParameters: names }) });
    const { result, lines } = await loginLogging();
    expect(result.statusCode).toBe(500);
    expect(JSON.parse(result.body!)).toEqual({ code: "server.error", message: "Server error. Please try again later.", requestId: "req-ssm" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/Secret JWT_SECRET is not set/);
    expect(lines[0]).not.toMatch(/\n\s+at /);
    // SST v2's paths: the stage's, then the app-wide fallback
    expect(ssm.seen.map((request) => JSON.parse(request.body).Names)).toEqual([["/sst/fleetforms/test/Secret/JWT_SECRET/value"], ["/sst/fleetforms/.fallback/Secret/JWT_SECRET/value"]]);
    // the incomplete read is kept a minute: the next request does not ask SSM again
    expect((await loginLogging()).result.statusCode).toBe(500);
    expect(ssm.seen).toHaveLength(2);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 61_000);
  });

  it("answers the same 500 and one line when SSM cannot be reached", async () => {
    const closed = await fakeAws(() => ({ status: 200 }));
    await closed.close();
    process.env.AWS_ENDPOINT_URL_SSM = closed.url;
    const { result, lines } = await loginLogging();
    expect(result.statusCode).toBe(500);
    expect(JSON.parse(result.body!).message).toBe("Server error. Please try again later.");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/Secret JWT_SECRET could not be read from SSM.*ECONNREFUSED/);
    expect(lines[0]).not.toMatch(/\n\s+at /);
  });

  it("reads the secret once, from the fallback when the stage has none, and signs in with it", async () => {
    process.env.AWS_ENDPOINT_URL_SSM = ssm.url;
    ssm.seen.length = 0;
    answer = (names) =>
      names[0]!.includes(".fallback")
        ? { status: 200, body: JSON.stringify({ Parameters: [{ Name: names[0], Value: "a-secret-from-ssm-long-enough-for-hs256" }], InvalidParameters: [] }) }
        : { status: 200, body: JSON.stringify({ Parameters: [], InvalidParameters: names }) };
    const first = await loginLogging();
    expect(first.result.statusCode).toBe(200);
    const second = await loginLogging();
    expect(second.result.statusCode).toBe(200);
    expect(ssm.seen).toHaveLength(2);
    expect(ssm.seen[0]!.headers["x-amz-target"]).toBe("AmazonSSM.GetParameters");
    expect(JSON.parse(ssm.seen[0]!.body)).toMatchObject({ WithDecryption: true });
  });
});
