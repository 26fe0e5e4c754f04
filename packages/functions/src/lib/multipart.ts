import httpMultipartBodyParser from "@middy/http-multipart-body-parser";
import { ValidationError } from "@fleetforms/core/util/errors";
import { withBody, type BodyParser, type Request, type Schemas } from "./http";

const MALFORMED = "The request must be multipart/form-data with a file.";

/**
 * A body cut off before its closing boundary makes busboy emit `error` on a file stream nobody listens to,
 * which ends the process (found by the route fuzzer). API Gateway hands over the whole body at once, so a
 * body that does not end with `--boundary--` is refused before busboy sees it.
 */
function assertComplete(event: { body?: unknown; isBase64Encoded?: boolean; headers?: Record<string, string | undefined> }) {
  const type = event.headers?.["content-type"] ?? "";
  if (!/^multipart\/form-data/i.test(type) || typeof event.body !== "string") return;
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  const raw = event.isBase64Encoded ? Buffer.from(event.body, "base64") : Buffer.from(event.body, "binary");
  const tail = raw.subarray(Math.max(0, raw.length - 512)).toString("latin1").trimEnd();
  if (!boundary || !tail.endsWith(`--${boundary[1] ?? boundary[2]}--`)) throw new ValidationError("request.malformed_multipart", MALFORMED);
}

/** The official multipart parser; a malformed, cut-off or non-multipart body is a 400. */
const multipartBody = (): BodyParser => {
  // Another content type passes through unparsed: the access check still answers first, then the body schema refuses it.
  const parser = httpMultipartBodyParser({ disableContentTypeError: true, busboy: { limits: { files: 1, fields: 20, fieldSize: 64 * 1024 } } });
  return {
    before: async (request) => {
      assertComplete(request.event);
      try {
        await parser.before!(request as never);
      } catch {
        throw new ValidationError("request.malformed_multipart", MALFORMED);
      }
    },
  };
};

/** `http()` for upload routes: files arrive as `{ filename, mimetype, content }`. */
export function httpMultipart<S extends Omit<Schemas, "multipart">>(schemas: S, impl: (request: Request<S & { multipart: true }>) => Promise<unknown>) {
  return withBody(multipartBody(), { ...schemas, multipart: true as const }, impl);
}
