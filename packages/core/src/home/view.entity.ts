import { Entity, type EntityItem } from "../db/electrodb";
import { entityConfig, SERVICE } from "../db/service";
import { lazyEntity } from "../db/lazy";

/**
 * A person's home screen in one company as it was last computed (`GET /home`), with the stamp it is valid
 * for (core/home/index.ts). `generation` goes up whenever something of the person's own that the home shows
 * changes without an activity record (a pin, a dashboard opened), so a home computed before that change is
 * never stored over it.
 */
export const HomeViewEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "homeview", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      userId: { type: "string", required: true },
      generation: { type: "number", required: true, default: 0 },
      /** what the body is valid for: the company's newest activity, the day, the role (`stampOf`) */
      stamp: { type: "string", required: true, default: "" },
      /** the home's JSON; empty once invalidated */
      body: { type: "string", required: true, default: "" },
      /** when the body was computed */
      at: { type: "string", required: true, default: "" },
      /** the table's TTL (seconds): a home nobody opened for a day goes */
      expiresAt: { type: "number" },
    },
    indexes: {
      byPerson: { pk: { field: "pk", composite: ["companyId"] }, sk: { field: "sk", composite: ["userId"] } },
    },
  },
  entityConfig(),
));

export type HomeViewItem = EntityItem<typeof HomeViewEntity>;

/** A stored home's TTL (seconds): a day after it was written. */
export const homeViewExpiry = (now = Date.now()) => Math.floor(now / 1000) + 86_400;
