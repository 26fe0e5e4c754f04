import { Entity } from "../db/electrodb";
import { entityConfig, SERVICE } from "../db/service";
import { lazyEntity } from "../db/lazy";

export const CounterEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "counter", version: "1", service: SERVICE },
    attributes: {
      name: { type: "string", required: true },
      value: { type: "number", required: true, default: 0 },
    },
    indexes: {
      // one item per sequence; ids come from an atomic ADD
      byName: { pk: { field: "pk", composite: ["name"] }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
));
