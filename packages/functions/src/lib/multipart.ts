import BusBoy from "@fastify/busboy";
import { ValidationError } from "@fleetforms/core/util/errors";
import { withBody, type BodyParser, type Event, type Request, type Schemas } from "./http";

const MALFORMED = "The request must be multipart/form-data with a file.";
const LIMITS = { files: 1, fields: 20, fieldSize: 64 * 1024 };
/** The whole body is in memory: a parser that has neither finished nor failed this long after it was fed never will. */
const SETTLE_MS = 2_000;

const malformed = () => new ValidationError("request.malformed_multipart", MALFORMED);

export interface UploadedFile {
  filename: string;
  mimetype: string;
  encoding: string;
  content: Buffer;
  truncated: boolean;
}

/**
 * Reads a multipart body with busboy, listening to every stream it makes. The official middy parser leaves
 * the file streams' `error` unheard and waits forever on some malformed bodies: the route fuzzer found
 * bodies that ended the process (a Lambda runtime in AWS) and bodies that were never answered. Here every
 * malformed body is a 400.
 */
function parse(event: Event): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const data: Record<string, unknown> = Object.create(null);
    const files: Promise<void>[] = [];
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const fail = () => settle(() => reject(malformed()));
    const timer = setTimeout(fail, SETTLE_MS);

    let parser: ReturnType<typeof BusBoy>;
    try {
      parser = BusBoy({ headers: { "content-type": event.headers?.["content-type"] ?? "" }, limits: LIMITS });
    } catch {
      return fail();
    }
    parser.on("file", (field, stream, filename, encoding, mimetype) => {
      const chunks: Buffer[] = [];
      stream.on("error", fail);
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      files.push(
        new Promise((done) =>
          stream.on("end", () => {
            data[field] = { filename, mimetype, encoding, content: Buffer.concat(chunks), truncated: stream.truncated } satisfies UploadedFile;
            done();
          }),
        ),
      );
    });
    parser.on("field", (field, value) => (data[field] = value));
    parser.on("error", fail);
    parser.on("finish", () => void Promise.all(files).then(() => settle(() => resolve(data))));
    try {
      parser.end(Buffer.from(typeof event.body === "string" ? event.body : "", event.isBase64Encoded ? "base64" : "utf8"));
    } catch {
      fail();
    }
  });
}

/** A body cut off before its closing boundary is refused before the parser sees it (API Gateway hands over whole bodies). */
function isComplete(event: Event, type: string): boolean {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  const raw = event.isBase64Encoded ? Buffer.from(String(event.body), "base64") : Buffer.from(String(event.body), "utf8");
  const tail = raw.subarray(Math.max(0, raw.length - 512)).toString("latin1").trimEnd();
  return Boolean(boundary) && tail.endsWith(`--${boundary![1] ?? boundary![2]}--`);
}

const multipartBody = (): BodyParser => ({
  before: async (request) => {
    const type = request.event.headers?.["content-type"] ?? "";
    // Another content type passes through unparsed: the access check still answers first, then the body schema refuses it.
    if (!/^multipart\/form-data/i.test(type) || typeof request.event.body !== "string") return;
    if (!isComplete(request.event, type)) throw malformed();
    request.event.body = await parse(request.event);
  },
});

/** `http()` for upload routes: files arrive as `{ filename, mimetype, content }`. */
export function httpMultipart<S extends Omit<Schemas, "multipart">>(schemas: S, impl: (request: Request<S & { multipart: true }>) => Promise<unknown>) {
  return withBody(multipartBody(), { ...schemas, multipart: true as const }, impl);
}
