import { builtOnFirstUse } from "../util/lazy";

/**
 * An entity built on first use instead of at import. A function's bundle imports the models of every
 * module it reaches (the access check alone reaches the user, session, seat and company), and ElectroDB
 * builds each model's keys, clauses and schema when it is constructed: ~0.3 ms apiece, paid at every cold
 * start for entities the function may never touch. Wrapped, an entity costs nothing until a property of it
 * is read; from then on every access goes to the one real entity.
 *
 * The stand-in forwards every operation (util/lazy.ts), so code, ElectroDB's transactions and
 * `EntityItem<typeof X>` see the entity itself. A table that is not configured is reported by the first call
 * that needs it, as a 500 with one log line, not as a bundle that fails to load.
 */
export const lazyEntity: <E extends object>(build: () => E) => E = builtOnFirstUse;
