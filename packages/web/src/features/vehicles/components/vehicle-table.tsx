import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from "@/components/ui/menu";
import { cn } from "@/lib/cn";
import type { SortColumn, Vehicle, VehiclesQuery } from "../types";
import { StatusBadge } from "./status-badge";
import { OutOfServiceBadge } from "./out-of-service-badge";
import { useOutOfService } from "../api/get-out-of-service";

export type VehicleAction = "edit" | "status" | "delete";

const STICKY = "sticky right-0 shadow-[inset_1px_0_0_var(--color-slate-200)]";
type Column = { key: SortColumn | "engine"; sortable: boolean };
const COLUMNS: Column[] = [
  { key: "vehicleNumber", sortable: true },
  { key: "vin", sortable: true },
  { key: "type", sortable: true },
  { key: "fuelType", sortable: true },
  { key: "engine", sortable: false },
  { key: "description", sortable: true },
  { key: "isActive", sortable: true },
];

export interface VehicleTableProps {
  vehicles: Vehicle[];
  query: VehiclesQuery;
  busy: boolean;
  onSort: (column: SortColumn) => void;
  onAction: (action: VehicleAction, vehicle: Vehicle) => void;
}

/** The company's vehicles, sorted by the server: each sortable header is a button, and the sorted one says how (aria-sort). */
export function VehicleTable({ vehicles, query, busy, onSort, onAction }: VehicleTableProps) {
  const { t } = useTranslation();
  const outOfService = useOutOfService().data;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table aria-busy={busy || undefined} className={cn("min-w-full divide-y divide-slate-200 text-sm", busy && "opacity-60")}>
        <caption className="sr-only">{t("vehicles.list.caption", { column: t(`vehicles.columns.${query.sort_by}`), direction: t(`vehicles.sort.${query.sort_direction}`) })}</caption>
        <thead className="bg-slate-50 text-left text-slate-700">
          <tr>
            {COLUMNS.map(({ key, sortable }) => {
              const sorted = sortable && query.sort_by === key;
              return (
                <th key={key} scope="col" aria-sort={sorted ? (query.sort_direction === "asc" ? "ascending" : "descending") : undefined} className="px-3 py-2 font-semibold whitespace-nowrap">
                  {sortable ? (
                    <button
                      type="button"
                      onClick={() => onSort(key as SortColumn)}
                      className="-mx-1 inline-flex items-center gap-1 rounded px-1 hover:text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                    >
                      {t(`vehicles.columns.${key}`)}
                      <span aria-hidden="true" className={cn("text-xs", sorted ? "text-slate-900" : "text-slate-500")}>
                        {sorted ? (query.sort_direction === "asc" ? "▲" : "▼") : "↕"}
                      </span>
                    </button>
                  ) : (
                    t(`vehicles.columns.${key}`)
                  )}
                </th>
              );
            })}
            {/* the actions stay in view while a narrow screen scrolls the table sideways */}
            <th scope="col" className={cn(STICKY, "bg-slate-50 px-3 py-2 font-semibold")}>
              {t("vehicles.columns.actions")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {vehicles.map((vehicle) => (
            <tr key={vehicle.id}>
              <th scope="row" className="px-3 py-2 text-left font-semibold whitespace-nowrap text-slate-900">
                <Link to={`/vehicles/${encodeURIComponent(vehicle.id)}`} className="text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
                  {vehicle.vehicleNumber}
                </Link>
              </th>
              <td className="px-3 py-2 font-mono text-xs whitespace-nowrap text-slate-700">{vehicle.vin || "—"}</td>
              <td className="px-3 py-2 whitespace-nowrap text-slate-700">{vehicle.type ? t(`vehicles.types.${vehicle.type}`) : "—"}</td>
              <td className="px-3 py-2 whitespace-nowrap text-slate-700">{vehicle.fuelType ? t(`vehicles.fuel.${vehicle.fuelType}`) : "—"}</td>
              <td className="px-3 py-2 text-slate-700">{vehicle.engine || "—"}</td>
              <td className="max-w-xs px-3 py-2 text-slate-700">{vehicle.description || "—"}</td>
              <td className="px-3 py-2">
                <span className="inline-flex flex-wrap gap-1">
                  <StatusBadge active={vehicle.isActive} />
                  {outOfService?.has(vehicle.id) ? <OutOfServiceBadge /> : null}
                </span>
              </td>
              <td className={cn(STICKY, "bg-white px-3 py-2")}>
                <VehicleActions vehicle={vehicle} onAction={onAction} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function VehicleActions({ vehicle, onAction }: { vehicle: Vehicle; onAction: (action: VehicleAction, vehicle: Vehicle) => void }) {
  const { t } = useTranslation();
  return (
    <Menu>
      <MenuButton data-vehicle-actions={vehicle.id} aria-label={t("vehicles.actions.for", { number: vehicle.vehicleNumber })} className="border border-slate-300 bg-white py-1">
        {t("vehicles.actions.open")}
      </MenuButton>
      <MenuItems>
        <MenuItem onClick={() => onAction("edit", vehicle)}>{t("vehicles.actions.edit")}</MenuItem>
        <MenuItem onClick={() => onAction("status", vehicle)}>{vehicle.isActive ? t("vehicles.actions.deactivate") : t("vehicles.actions.activate")}</MenuItem>
        <MenuSeparator />
        <MenuItem onClick={() => onAction("delete", vehicle)}>
          <span className="text-red-700">{t("vehicles.actions.delete")}</span>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
