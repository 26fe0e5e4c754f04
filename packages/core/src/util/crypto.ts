import { createHash, randomBytes } from "node:crypto";

/** How single-use secrets (refresh tokens, reset, SMS and share links) are stored: hashed, never as sent. */
export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
/** ≥128 bits from the CSPRNG (DESIGN §5), URL-safe. */
export const randomToken = () => randomBytes(32).toString("base64url");
