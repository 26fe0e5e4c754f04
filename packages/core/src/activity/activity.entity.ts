import { Entity, followPuts, type EntityItem } from "../db/electrodb";
import { entityConfig, SERVICE } from "../db/service";
import { lazyEntity } from "../db/lazy";
import { raiseStamps } from "./stamp.entity";

/**
 * One change in a company, for the activity feed: who did what to which record, when, and the values
 * before and after. Written in the same transaction as the change it records.
 */
export const ActivityEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "activity", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      /** ISO time then a random suffix: newest last in the partition, unique within a millisecond */
      activityId: { type: "string", required: true },
      at: { type: "string", required: true },
      actorId: { type: "string", required: true },
      actorName: { type: "string", required: true },
      /** `user.added`, `user.role_changed`, … (core/activity/index.ts) */
      action: { type: "string", required: true },
      subjectType: { type: "string", required: true },
      subjectId: { type: "string", required: true },
      subjectName: { type: "string", required: true, default: "" },
      /** whose the subject is: a submission's author (issue 36: a user sees only their own submissions' entries) */
      subjectOwnerId: { type: "string" },
      /** the form of a submission or form change (0 otherwise): users see the activity of forms they can see */
      formId: { type: "number", required: true, default: 0 },
      /** JSON of the changed fields' values before and after */
      before: { type: "string", required: true, default: "{}" },
      after: { type: "string", required: true, default: "{}" },
    },
    indexes: {
      // a company's changes in time order: the activity feed reads the newest first
      byCompany: { pk: { field: "pk", composite: ["companyId"] }, sk: { field: "sk", composite: ["activityId"] } },
    },
  },
  entityConfig(),
));

export type ActivityItem = EntityItem<typeof ActivityEntity>;

// every write of a record raises its company's change stamp (stamp.entity.ts)
followPuts("activity", raiseStamps);
