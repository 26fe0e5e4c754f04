/**
 * Stands in for "jsonschema" in the Lambda build (esbuild `alias`). ElectroDB checks every entity's model
 * against its JSON schema when the entity is constructed: twice per entity (its beta format, then v1), which
 * was 28 of the ~95 ms a function spent importing its bundle, paid at every cold start for models that never
 * change between deploys. The real check runs wherever the code runs unbundled: in every test and in the local
 * stack, which construct the same entities (`packages/core/test/entity-models.test.ts` checks each one).
 *
 * ElectroDB also asks the validator whether a value is a model (`Service.join`); this answers that question
 * the way the real schemas do for our models and for what is not a model (an entity, a service, nothing);
 * `packages/core/test/entity-models.test.ts` compares the two.
 */
type Failure = { property: string; message: string; argument?: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** What ElectroDB's v1 schema asks of a model at its root: a named `model`, `attributes` and `indexes`. */
const isV1Model = (instance: unknown): boolean =>
  isObject(instance) &&
  isObject(instance.model) &&
  typeof instance.model.entity === "string" &&
  instance.model.entity.length > 0 &&
  isObject(instance.attributes) &&
  isObject(instance.indexes);

export class Validator {
  /** ElectroDB adds its formats (`isFunction`, ...) to the prototype's at load; nothing reads them here */
  declare customFormats: Record<string, (input: unknown) => boolean>;

  addSchema(): void {}

  validate(instance: unknown): { errors: Failure[] } {
    return { errors: isV1Model(instance) ? [] : [{ property: "instance", message: "is not an ElectroDB v1 model" }] };
  }
}
Validator.prototype.customFormats = {};
