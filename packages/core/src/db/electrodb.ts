/**
 * The entities' API: ElectroDB's types (type-only, nothing of the package reaches a bundle) over our own
 * runtime (db/entity.ts), which keeps ElectroDB's model format, keys and item layout for the operations the
 * product runs. Models and call sites are written exactly as ElectroDB's documentation shows them.
 */
import type * as Electro from "electrodb";
import * as runtime from "./entity";

export const Entity = runtime.Entity as unknown as typeof Electro.Entity;
export type Entity<A extends string, F extends string, C extends string, S extends Electro.Schema<A, F, C>> = Electro.Entity<A, F, C, S>;
export const createWriteTransaction = runtime.createWriteTransaction as unknown as typeof Electro.createWriteTransaction;
export type { EntityItem } from "electrodb";
