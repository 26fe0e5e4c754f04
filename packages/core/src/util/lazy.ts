/**
 * An object built the first time a property of it is read, instead of when its module is imported: what
 * `lazyEntity` (db/lazy.ts) and `lazySchema` (util/zod.ts) are made of. A Proxy stands in for the object and
 * forwards every operation to the one real object (methods keep working with the stand-in as `this`), so
 * types, `instanceof` and code that inspects the object see the object itself.
 */
export function builtOnFirstUse<T extends object>(build: () => T): T {
  let built: T | undefined;
  const real = () => (built ??= build());
  return new Proxy({} as T, {
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
