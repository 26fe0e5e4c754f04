import type { VehicleElement } from "@fleetforms/core/form/definition";
import { cn } from "@/lib/cn";
import { errorKey as keyOf, fieldId, getAt, setAt, type ValuePath } from "../lib/value-path";
import type { Vehicle } from "../types";
import { controlClasses, FieldShell, useFieldIds } from "./field-shell";
import { useFormTranslation, useRenderer } from "./renderer-context";

export const vehicleLabel = (vehicle: Pick<Vehicle, "id" | "vehicleNumber" | "description">) =>
  [vehicle.vehicleNumber || vehicle.id, vehicle.description].filter(Boolean).join(" · ");

/** The id of a vehicle answer: a stored snapshot `{type: "vehicle", id, ...}` or a bare id. */
export function vehicleIdOf(value: unknown): string {
  if (value && typeof value === "object" && "id" in value) return String((value as { id: unknown }).id ?? "");
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
}

/** Picks one of the company's active vehicles (GET /form/vehicles). */
export function VehicleField({ element, path }: { element: VehicleElement; path: ValuePath }) {
  const { t } = useFormTranslation();
  const { values, update, readOnly, idPrefix, vehicles, clearError } = useRenderer();
  const key = keyOf(path);
  const id = fieldId(idPrefix, path);
  const ids = useFieldIds(id, key, element.help);
  const value = getAt(values, path);
  const current = vehicleIdOf(value);
  const list = vehicles?.vehicles ?? [];
  // A stored answer keeps its vehicle even when that vehicle is no longer active.
  const stored = current && !list.some((vehicle) => vehicle.id === current) && value && typeof value === "object" ? [value as Vehicle] : [];
  const choose = (vehicleId: string) => {
    const vehicle = list.find((entry) => entry.id === vehicleId);
    update((all) => setAt(all, path, () => (vehicle ? { type: "vehicle", id: vehicle.id, vehicleNumber: vehicle.vehicleNumber, description: vehicle.description } : undefined)));
    clearError(key);
  };
  return (
    <FieldShell label={element.label} required={element.required} help={element.help} ids={ids} errorKey={key}>
      <select
        id={id}
        disabled={readOnly || vehicles?.loading}
        aria-describedby={ids.describedBy}
        aria-invalid={ids.invalid || undefined}
        aria-required={element.required || undefined}
        className={cn(controlClasses, "max-w-md")}
        value={current}
        onChange={(event) => choose(event.target.value)}
      >
        <option value="">{vehicles?.loading ? t("forms.renderer.vehiclesLoading") : list.length || stored.length ? t("forms.renderer.chooseVehicle") : t("forms.renderer.noVehicles")}</option>
        {[...stored, ...list].map((vehicle) => (
          <option key={vehicle.id} value={vehicle.id}>
            {vehicle.outOfService ? `${vehicleLabel(vehicle)} (${t("forms.dvir.outOfService")})` : vehicleLabel(vehicle)}
          </option>
        ))}
      </select>
      {list.find((vehicle) => vehicle.id === current)?.outOfService ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-semibold text-red-800">
          {t("forms.dvir.outOfServiceWarning")}
        </p>
      ) : null}
      {vehicles?.failed ? <p className="text-sm text-red-700">{t("forms.renderer.vehiclesFailed")}</p> : null}
    </FieldShell>
  );
}
