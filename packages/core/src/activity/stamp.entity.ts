import { Entity, type EntityItem } from "../db/electrodb";
import { entityConfig, SERVICE } from "../db/service";
import { lazyEntity } from "../db/lazy";
import { log } from "../util/log";

/**
 * A company's change stamp: raised after every write of an activity record (db/electrodb.ts `followPuts`, from
 * activity.entity.ts), so "has anything changed in this company since?" is one key read, not a query of the
 * feed. `/home` reads it in the access check's own BatchGetItem (core/home/index.ts).
 *
 * `seq` only ever goes up (an ADD), so a stamp never comes back to a value a stored home was computed for,
 * whatever order two writers' raises land in and however often a raise is retried. A raise follows the
 * record's write once it has succeeded, so a refused or cancelled change raises nothing; a home computed
 * between the two is stored under the old stamp, which the raise then retires. A raise that is lost (the
 * container dies between the record's commit and the raise) leaves a stored home stale until the next change
 * or Home.MAX_AGE_MS.
 */
export const ActivityStampEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "activitystamp", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      /** raised by one for every write of the company's activity records */
      seq: { type: "number", required: true, default: 0 },
      /** when it was last raised */
      at: { type: "string", required: true, default: "" },
    },
    indexes: { byCompany: { pk: { field: "pk", composite: ["companyId"] }, sk: { field: "sk", composite: [] } } },
  },
  entityConfig(),
));

export type ActivityStamp = EntityItem<typeof ActivityStampEntity>;

/** Raises the stamp of each company among the activity records written; a failure is logged, never thrown. */
export async function raiseStamps(records: { companyId?: unknown }[], now = new Date()) {
  const companies = new Set(records.map((record) => record.companyId).filter((id): id is string => typeof id === "string" && id !== ""));
  await Promise.all(
    [...companies].map((companyId) =>
      ActivityStampEntity.update({ companyId })
        .add({ seq: 1 })
        .set({ at: now.toISOString() })
        .go({ response: "none" })
        .catch((error: unknown) => log("warn", "activity stamp not raised", { companyId, error: (error as Error).message })),
    ),
  );
}
