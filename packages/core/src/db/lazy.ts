/**
 * An entity built on first use instead of at import. A function's bundle imports the models of every
 * module it reaches (the access check alone reaches the user, session, seat and company), and ElectroDB
 * builds each model's keys, clauses and schema when it is constructed: ~0.3 ms apiece, paid at every cold
 * start for entities the function may never touch. Wrapped, an entity costs nothing until a property of it
 * is read; from then on every access goes to the one real entity.
 *
 * The stand-in forwards every operation (methods keep working with it as `this`), so code, ElectroDB's
 * transactions and `EntityItem<typeof X>` see the entity itself. A table that is not configured is reported
 * by the first call that needs it, as a 500 with one log line, not as a bundle that fails to load.
 */
export function lazyEntity<E extends object>(build: () => E): E {
  let built: E | undefined;
  const real = () => (built ??= build());
  return new Proxy({} as E, {
    get: (_target, property) => Reflect.get(real(), property),
    set: (_target, property, value) => Reflect.set(real(), property, value),
    has: (_target, property) => Reflect.has(real(), property),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_target, property) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), property);
      // a proxy may only report an own property as non-configurable if its target has it so
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
    defineProperty: (_target, property, descriptor) => Reflect.defineProperty(real(), property, descriptor),
    deleteProperty: (_target, property) => Reflect.deleteProperty(real(), property),
  });
}
