import { Entity, type EntityItem } from "../db/electrodb";
import { entityConfig, SERVICE } from "../db/service";
import { lazyEntity } from "../db/lazy";

/** An inquiry from the public contact form, kept so sales can answer it even if the e-mail goes astray. */
export const InquiryEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "inquiry", version: "1", service: SERVICE },
    attributes: {
      inquiryId: { type: "string", required: true },
      name: { type: "string", required: true },
      email: { type: "string", required: true },
      company: { type: "string", required: true, default: "" },
      phone: { type: "string", required: true, default: "" },
      message: { type: "string", required: true },
      lang: { type: ["en", "es"] as const, required: true },
      createdAt: { type: "string", required: true, default: () => new Date().toISOString(), readOnly: true },
    },
    indexes: {
      byId: { pk: { field: "pk", composite: ["inquiryId"] }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
));

export type InquiryItem = EntityItem<typeof InquiryEntity>;
