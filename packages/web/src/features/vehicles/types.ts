import type { PerLanguage } from "@fleetforms/core/form/fields";
import type { Role } from "@fleetforms/core/user/roles";

export type { Role };

/** docs/api-vehicles.md: the types and fuel types a vehicle may have. */
export const VEHICLE_TYPES = ["truck", "tractor", "trailer", "van", "car", "bus", "equipment", "other"] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];
export const FUEL_TYPES = ["diesel", "gasoline", "electric", "hybrid", "cng", "lpg", "other"] as const;
export type FuelType = (typeof FUEL_TYPES)[number];

/** One activation or deactivation, oldest first (billing counts a vehicle in any month it was active). */
export interface VehicleHistoryEntry {
  isActive: boolean;
  at: string;
  /** the username at the time */
  by: string;
  /** the person's name now (the vehicle's page only), else `by` */
  byName?: string;
}

/** SPEC §3 Vehicle, as the API answers it (docs/api-vehicles.md "The vehicle"). */
export interface Vehicle {
  id: string;
  vehicleId: string;
  vehicleNumber: string;
  vin: string;
  type: VehicleType | "";
  engine: string;
  fuelType: FuelType | "";
  description: string;
  isActive: boolean;
  version: number;
  createdAt?: string;
  updatedAt?: string;
  history?: VehicleHistoryEntry[];
}

/** What the add and edit form sends. */
export interface VehicleInput {
  vehicleNumber: string;
  vin: string;
  type: VehicleType | "";
  engine: string;
  fuelType: FuelType | "";
  description: string;
  isActive: boolean;
}

export const SORT_COLUMNS = ["vehicleNumber", "vin", "type", "fuelType", "description", "isActive", "updatedAt"] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export type SortDirection = "asc" | "desc";
export const ACTIVE_FILTERS = ["all", "active", "inactive"] as const;
export type ActiveFilter = (typeof ACTIVE_FILTERS)[number];

/** The query of `GET /vehicles`: server-side search, filters, sort and paging. */
export interface VehiclesQuery {
  search?: string;
  active: ActiveFilter;
  type?: VehicleType;
  sort_by: SortColumn;
  sort_direction: SortDirection;
  page: number;
  limit: number;
}

export interface VehiclesPage {
  vehicles: Vehicle[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

/** A submission that picked the vehicle (GET /vehicles/{id} data.submissions). */
export interface VehicleSubmission {
  id: number;
  formId: number;
  formName: string;
  formNames?: PerLanguage;
  submittedByName: string;
  createdAt: string;
  status: string;
}

export interface VehicleDetail {
  vehicle: Vehicle;
  submissions: VehicleSubmission[];
}

export type ImportAction = "create" | "update" | "error";

/** One data row of an import, as the preview and the result list it. */
export interface ImportRow {
  line: number;
  action: ImportAction;
  vehicleNumber: string;
  vin: string;
  errors?: Record<string, string[]>;
}

export interface ImportResult {
  rows: ImportRow[];
  valid: number;
  invalid: number;
  created: number;
  updated: number;
}
