import { StaleRecordError } from "../util/errors";

/** DynamoDB reports a failed `version` condition as ConditionalCheckFailed; ElectroDB wraps it. */
export function isConditionalFailure(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const named = current as { name?: string; code?: string; message?: string; cause?: unknown };
    if (named.name === "ConditionalCheckFailedException") return true;
    if (named.name === "TransactionCanceledException" && /ConditionalCheckFailed/.test(named.message ?? "")) return true;
    if (/conditional request failed/i.test(named.message ?? "")) return true;
    current = named.cause;
  }
  return false;
}

/** Runs a write that was conditioned on the record's `version`; a stale one becomes the SPEC's 409. */
export async function guardVersion<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isConditionalFailure(error)) throw new StaleRecordError();
    throw error;
  }
}
