/**
 * One JSON line per event on stderr (CloudWatch in AWS). Text that came from elsewhere (a provider's error
 * message, an exception's message or stack) can carry credentials: a payment key echoed back by the payment
 * provider, a bearer token, a signed URL. Those are cut out before the line is written, so a secret never
 * reaches the logs whatever an error says.
 */

const SECRET_SHAPES: [RegExp, string][] = [
  // Stripe secret, restricted and webhook keys
  [/\b(sk|rk)_(live|test)_[A-Za-z0-9_]+/g, "$1_$2_[redacted]"],
  [/\bwhsec_[A-Za-z0-9_]+/g, "whsec_[redacted]"],
  // company API keys (issue 41), before the bearer rule: their underscores are not in its alphabet
  [/\bffk_[A-Za-z0-9_-]+/g, "ffk_[redacted]"],
  // bearer tokens and JWTs (access tokens, Metabase embedding tokens)
  [/\bBearer\s+[A-Za-z0-9._~+/=-]+/gi, "Bearer [redacted]"],
  [/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, "[redacted jwt]"],
  // presigned URLs' signatures and credentials
  [/(X-Amz-(?:Signature|Credential|Security-Token)=)[^&\s"]+/gi, "$1[redacted]"],
  [/([?&](?:assetToken|token|password)=)[^&\s"]+/gi, "$1[redacted]"],
];

/** The text with every credential-shaped part replaced. */
export function redact(text: string): string {
  return SECRET_SHAPES.reduce((out, [shape, replacement]) => out.replace(shape, replacement), text);
}

function redactValue(value: unknown): unknown {
  if (typeof value === "string") return redact(value);
  if (Array.isArray(value)) return value.map(redactValue);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, redactValue(inner)]));
  return value;
}

/** Writes an event: `{ level, message, ...fields }`, with credentials cut out of every string. */
export function log(level: "warn" | "error", message: string, fields: Record<string, unknown> = {}) {
  const line = JSON.stringify(redactValue({ level, message, ...fields }));
  if (level === "error") console.error(line);
  else console.warn(line);
}
