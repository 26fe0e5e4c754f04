// ElectroDB's own modules, which its package entry re-exports (db/electrodb.ts gives them the package's types).
declare module "electrodb/src/entity.js" {
  const entity: { Entity: unknown };
  export default entity;
}
declare module "electrodb/src/transaction.js" {
  const transaction: { createWriteTransaction: unknown };
  export default transaction;
}
