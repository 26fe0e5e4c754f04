import httpMultipartBodyParser from "@middy/http-multipart-body-parser";
import { ValidationError } from "@fleetforms/core/util/errors";
import { withBody, type BodyParser, type Request, type Schemas } from "./http";

/** The official multipart parser; a malformed or non-multipart body is a 400. */
const multipartBody = (): BodyParser => {
  // Another content type passes through unparsed: the access check still answers first, then the body schema refuses it.
  const parser = httpMultipartBodyParser({ disableContentTypeError: true, busboy: { limits: { files: 1, fields: 20, fieldSize: 64 * 1024 } } });
  return {
    before: async (request) => {
      try {
        await parser.before!(request as never);
      } catch {
        throw new ValidationError("request.malformed_multipart", "The request must be multipart/form-data with a file.");
      }
    },
  };
};

/** `http()` for upload routes: files arrive as `{ filename, mimetype, content }`. */
export function httpMultipart<S extends Omit<Schemas, "multipart">>(schemas: S, impl: (request: Request<S & { multipart: true }>) => Promise<unknown>) {
  return withBody(multipartBody(), { ...schemas, multipart: true as const }, impl);
}
