import { openDB, type IDBPDatabase } from "idb";

/**
 * What the app keeps on this device for working without a signal (issue 20), in IndexedDB: every record
 * names the person (`userId`) and company it belongs to, so one person's data never shows to another on
 * a shared device and signing out removes exactly theirs.
 *
 * - forms: definitions of the forms the person may fill, refreshed while online
 * - drafts: answers being filled, saved as they change
 * - blobs: photos, files and signatures picked while offline, not uploaded yet
 * - outbox: submissions waiting to be sent, each with its idempotency key
 * - documents: documents of categories marked for offline access
 * - lists: short lists the forms need offline (the company's vehicles for the vehicle picker)
 */
export const DEVICE_DB = "fleetforms-device";
export const DEVICE_STORES = ["forms", "drafts", "blobs", "outbox", "documents", "lists"] as const;
export type DeviceStore = (typeof DEVICE_STORES)[number];

export interface PersonScope {
  userId: string;
  companyId: string;
}

/** Every record carries its owner; `key` is the record's id within its store. */
export interface DeviceRecord {
  key: string;
  userId: string;
  companyId: string;
}

let opening: Promise<IDBPDatabase> | undefined;

export function deviceDb(): Promise<IDBPDatabase> {
  opening ??= openDB(DEVICE_DB, 2, {
    upgrade(db) {
      // each version adds stores, never changes one
      for (const name of DEVICE_STORES) {
        if (db.objectStoreNames.contains(name)) continue;
        const store = db.createObjectStore(name, { keyPath: "key" });
        store.createIndex("userId", "userId");
      }
    },
    blocking() {
      // another tab deletes or upgrades the database: let go of it
      void opening?.then((db) => db.close());
      opening = undefined;
    },
  }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

export const hasDeviceDb = () => typeof indexedDB !== "undefined";

/** A new random key (a record's, or a device-made idempotency key): a UUID where the browser makes one. */
export const newRandomKey = (): string =>
  typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** The key of a record that belongs to one person in one company. */
export const scopedKey = (scope: PersonScope, id: string | number) => `${scope.userId}|${scope.companyId}|${id}`;

export async function putRecord<T extends DeviceRecord>(store: DeviceStore, record: T): Promise<void> {
  await (await deviceDb()).put(store, record);
}

export async function getRecord<T extends DeviceRecord>(store: DeviceStore, key: string): Promise<T | undefined> {
  return (await (await deviceDb()).get(store, key)) as T | undefined;
}

export async function deleteRecord(store: DeviceStore, key: string): Promise<void> {
  await (await deviceDb()).delete(store, key);
}

/** One person's records in a store, in one company when `companyId` is given. */
export async function recordsOf<T extends DeviceRecord>(store: DeviceStore, scope: { userId: string; companyId?: string }): Promise<T[]> {
  const all = (await (await deviceDb()).getAllFromIndex(store, "userId", scope.userId)) as T[];
  return scope.companyId === undefined ? all : all.filter((record) => record.companyId === scope.companyId);
}

/** Removes the person's records in a store (in one company when given) that `keep` no longer wants. */
export async function pruneRecords<T extends DeviceRecord>(store: DeviceStore, scope: { userId: string; companyId?: string }, keep: (record: T) => boolean): Promise<void> {
  for (const record of await recordsOf<T>(store, scope)) if (!keep(record)) await deleteRecord(store, record.key);
}

/** Signing out on a shared device: everything of this person goes, in every company; others' records stay. */
export async function forgetPerson(userId: string): Promise<void> {
  if (!hasDeviceDb()) return;
  const db = await deviceDb();
  const tx = db.transaction([...DEVICE_STORES], "readwrite");
  await Promise.all(
    DEVICE_STORES.map(async (name) => {
      const store = tx.objectStore(name);
      for (const key of await store.index("userId").getAllKeys(userId)) await store.delete(key);
    }),
  );
  await tx.done;
}
