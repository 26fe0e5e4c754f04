/**
 * ElectroDB, the parts of it the product runs: entities and write transactions. Its package entry requires
 * every module, `Service` and its collections included (~20 KB of each function's bundle, CommonJS, so
 * esbuild cannot leave out what is never called); these are the same classes from the modules the entry
 * re-exports, with the package's own types. Type-only imports may still name "electrodb".
 */
import type * as Electro from "electrodb";
import entityModule from "electrodb/src/entity.js";
import transactionModule from "electrodb/src/transaction.js";

export const Entity = entityModule.Entity as typeof Electro.Entity;
export type Entity<A extends string, F extends string, C extends string, S extends Electro.Schema<A, F, C>> = Electro.Entity<A, F, C, S>;
export const createWriteTransaction = transactionModule.createWriteTransaction as typeof Electro.createWriteTransaction;
export type { EntityItem } from "electrodb";
