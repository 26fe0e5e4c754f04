import { AppError } from "@fleetforms/core/util/errors";
import * as Category from "@fleetforms/core/document/categories";

/**
 * SPEC §7: a failed category call's body carries `message`, `error` and `statusCode`. The verbs' own
 * refusals already do; this gives the input checks (400s) the same shape.
 */
export async function categoryCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.status < 500 && error.details?.statusCode === undefined) {
      throw Category.categoryError(error.code, error.message, error.status, error.details ?? {});
    }
    throw error;
  }
}
