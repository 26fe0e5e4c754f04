import useSWR from "swr";
import { getRecord, putRecord, scopedKey, type DeviceRecord, type PersonScope } from "@/lib/device-db";
import { isConnectionError } from "@/lib/network-error";
import { getVehicles } from "../api/get-vehicles";
import type { Vehicle } from "../types";

/** The company's active vehicles, kept on the device for the vehicle picker of a form filled offline (issue 20). */
interface StoredVehicles extends DeviceRecord {
  vehicles: Vehicle[];
  savedAt: number;
}

const vehiclesKey = (scope: PersonScope) => scopedKey(scope, "vehicles");

export async function keepVehicles(scope: PersonScope, load: () => Promise<Vehicle[]> = getVehicles): Promise<Vehicle[]> {
  const vehicles = await load();
  await putRecord<StoredVehicles>("lists", { key: vehiclesKey(scope), ...scope, vehicles, savedAt: Date.now() });
  return vehicles;
}

export async function storedVehicles(scope: PersonScope): Promise<Vehicle[] | undefined> {
  return (await getRecord<StoredVehicles>("lists", vehiclesKey(scope)))?.vehicles;
}

/** GET /form/vehicles as useVehicles has it; without a connection the list kept on the device answers. */
export function useVehiclesOnDevice(enabled: boolean, scope: PersonScope | null) {
  return useSWR(enabled ? ["/form/vehicles", scope?.userId ?? "", scope?.companyId ?? ""] : null, async () => {
    if (!scope) return getVehicles();
    try {
      return await keepVehicles(scope);
    } catch (error) {
      const kept = isConnectionError(error) ? await storedVehicles(scope).catch(() => undefined) : undefined;
      if (kept) return kept;
      throw error;
    }
  });
}
