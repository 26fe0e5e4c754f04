import * as z from "@fleetforms/core/util/zod";
import * as Asset from "@fleetforms/core/asset/index";
import { PayloadTooLargeError } from "@fleetforms/core/util/errors";
import { signedIn } from "../lib/http";
import { httpMultipart } from "../lib/multipart";
import { json } from "../lib/response";

const Body = z.object({
  file: z.object({ filename: z.string().check(z.maxLength(1000)), mimetype: z.string().check(z.maxLength(200)), content: z.instanceof(Buffer), truncated: z.optional(z.boolean()) }, { error: "Attach the file in the 'file' field" }),
  fileName: z.optional(z.string().check(z.maxLength(1000))),
  category: z.optional(z.string().check(z.maxLength(100))),
  description: z.optional(z.string().check(z.maxLength(1000))),
});

/** SPEC §7 POST /assets (multipart, field `file`): stored and validated in one call; larger files use the v2 flow. */
export const handler = httpMultipart({ body: Body }, async ({ actor, body }) => {
  if (body.file.truncated) throw new PayloadTooLargeError("asset.too_large", "The file is too large for this upload; use the upload URL.");
  const asset = await Asset.upload(signedIn(actor), {
    fileName: body.fileName || body.file.filename || "upload",
    fileType: body.file.mimetype,
    content: body.file.content,
    category: body.category,
    description: body.description,
  });
  return json({ asset: Asset.present(asset) }, 201);
});
