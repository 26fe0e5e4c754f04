import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { inputClasses, TextField } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { createVehicle } from "../api/create-vehicle";
import { updateVehicle } from "../api/update-vehicle";
import { codeOf, useVehicleMessages } from "../lib/messages";
import { changes, cleaned, emptyVehicle, inputOf, LIMITS, validate, type FieldName } from "../lib/vehicle-form";
import { caretAfterNormalising, normaliseVin } from "../lib/vin";
import { FUEL_TYPES, VEHICLE_TYPES, type Vehicle, type VehicleInput } from "../types";
import { CheckboxField, SelectField } from "@/components/ui/form-controls";
import { Notice } from "./notice";

export interface VehicleFormDialogProps {
  /** "new" adds a vehicle, a vehicle edits it, null is closed */
  vehicle: Vehicle | "new" | null;
  onClose: () => void;
  onSaved: (vehicle: Vehicle, created: boolean) => void;
}

/** Adds a vehicle or edits one, in a modal, with a clear message under each field. */
export function VehicleFormDialog({ vehicle, onClose, onSaved }: VehicleFormDialogProps) {
  const { t } = useTranslation();
  const open = vehicle !== null;
  return (
    <Modal open={open} onClose={onClose} size="xl" title={vehicle === "new" || !vehicle ? t("vehicles.form.addTitle") : t("vehicles.form.editTitle", { number: vehicle.vehicleNumber })}>
      {open ? <VehicleFormBody key={vehicle === "new" ? "new" : `${vehicle.id}-${vehicle.version}`} vehicle={vehicle} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

type Errors = Partial<Record<FieldName, string>> & { _?: string };

function VehicleFormBody({ vehicle, onClose, onSaved }: { vehicle: Vehicle | "new"; onClose: () => void; onSaved: (vehicle: Vehicle, created: boolean) => void }) {
  const { t } = useTranslation();
  const messages = useVehicleMessages();
  const isNew = vehicle === "new";
  const [initial] = useState<VehicleInput>(() => (isNew ? emptyVehicle() : inputOf(vehicle)));
  const [fields, setFields] = useState<VehicleInput>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [checkDigitWarning, setCheckDigitWarning] = useState(false);
  const [nonNorthAmerican, setNonNorthAmerican] = useState(false);
  const [saving, setSaving] = useState(false);
  const [focusOn, setFocusOn] = useState<{ target: "invalid" | "confirm" } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  // once the messages are on screen, the keyboard user is taken to the first thing to fix
  useEffect(() => {
    if (focusOn?.target === "confirm") confirmRef.current?.focus();
    else if (focusOn) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusOn]);

  const set = <K extends FieldName>(key: K, value: VehicleInput[K]) => {
    setFields((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  // the VIN is shown as the API keeps it while typing: upper case, no spaces or dashes; the caret stays put
  const onVinChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const caret = caretAfterNormalising(input.value, input.selectionStart ?? input.value.length);
    const next = normaliseVin(input.value);
    if (next !== fields.vin) {
      setCheckDigitWarning(false);
      setNonNorthAmerican(false);
    }
    set("vin", next);
    requestAnimationFrame(() => {
      if (document.activeElement === input) input.setSelectionRange(caret, caret);
    });
  };

  const focusFirstInvalid = () => setFocusOn({ target: "invalid" });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const values = cleaned(fields);
    const found = validate(values);
    if (Object.keys(found).length) {
      setErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(key)])));
      focusFirstInvalid();
      return;
    }
    const confirmed = checkDigitWarning && nonNorthAmerican ? { nonNorthAmerican: true } : {};
    setSaving(true);
    setErrors({});
    try {
      if (isNew) {
        onSaved(await createVehicle({ ...values, ...confirmed }), true);
      } else {
        const changed = changes(initial, values);
        if (Object.keys(changed).length === 0) return onClose();
        onSaved(await updateVehicle(vehicle.id, { ...changed, ...("vin" in changed ? confirmed : {}), version: vehicle.version }), false);
      }
    } catch (failure) {
      if (codeOf(failure) === "vehicle.check_digit") {
        // docs/api-vehicles.md: a VIN whose check digit does not match is refused unless the person says it is not North American
        setCheckDigitWarning(true);
        setFocusOn({ target: "confirm" });
        return;
      }
      const byField = messages.fieldErrors(failure);
      const known = Object.fromEntries(Object.entries(byField).filter(([field]) => field in values));
      const stale = codeOf(failure) === "record.stale";
      setErrors({ ...known, _: stale || Object.keys(known).length === 0 ? messages.errorMessage(failure, "vehicles.form.saveFailed") : undefined });
      if (Object.keys(known).length) focusFirstInvalid();
    } finally {
      setSaving(false);
    }
  };

  const typeOptions = fields.type === "" ? ["", ...VEHICLE_TYPES] : VEHICLE_TYPES;

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {errors._ ? <Notice kind="error">{errors._}</Notice> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("vehicles.form.fields.vehicleNumber")}
          error={errors.vehicleNumber}
          required
          autoComplete="off"
          maxLength={LIMITS.vehicleNumber + 10}
          value={fields.vehicleNumber}
          onChange={(event) => set("vehicleNumber", event.target.value)}
        />
        <SelectField label={t("vehicles.form.fields.type")} error={errors.type} value={fields.type} onChange={(event) => set("type", event.target.value as VehicleInput["type"])}>
          {typeOptions.map((type) => (
            <option key={type} value={type}>
              {type ? t(`vehicles.types.${type}`) : t("vehicles.form.fields.notSet")}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="flex flex-col gap-2">
        <Field label={t("vehicles.form.fields.vin")} description={t("vehicles.form.fields.vinHint")} error={errors.vin}>
          {(control) => (
            <input
              {...control}
              data-invalid={errors.vin ? true : undefined}
              className={cn(inputClasses, "font-mono tracking-wide")}
              value={fields.vin}
              onChange={onVinChange}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
            />
          )}
        </Field>
        {checkDigitWarning ? (
          <Notice kind="warning">
            <p>{t("vehicles.errors.checkDigit")}</p>
            <CheckboxField
              className="mt-2"
              label={t("vehicles.form.nonNorthAmerican")}
              hint={t("vehicles.form.nonNorthAmericanHint")}
              checked={nonNorthAmerican}
              onChange={(event) => setNonNorthAmerican(event.target.checked)}
              inputRef={confirmRef}
            />
          </Notice>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={t("vehicles.form.fields.fuelType")} error={errors.fuelType} value={fields.fuelType} onChange={(event) => set("fuelType", event.target.value as VehicleInput["fuelType"])}>
          <option value="">{t("vehicles.form.fields.notSet")}</option>
          {FUEL_TYPES.map((fuel) => (
            <option key={fuel} value={fuel}>
              {t(`vehicles.fuel.${fuel}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t("vehicles.form.fields.engine")}
          description={t("vehicles.form.fields.engineHint")}
          error={errors.engine}
          autoComplete="off"
          maxLength={LIMITS.engine}
          value={fields.engine}
          onChange={(event) => set("engine", event.target.value)}
        />
      </div>
      <Field label={t("vehicles.form.fields.description")} error={errors.description}>
        {(control) => (
          <textarea
            {...control}
            data-invalid={errors.description ? true : undefined}
            rows={3}
            className={inputClasses}
            maxLength={LIMITS.description}
            value={fields.description}
            onChange={(event) => set("description", event.target.value)}
          />
        )}
      </Field>
      {isNew ? <CheckboxField label={t("vehicles.form.fields.isActive")} hint={t("vehicles.form.fields.isActiveHint")} checked={fields.isActive} onChange={(event) => set("isActive", event.target.checked)} /> : null}
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
        <Button variant="ghost" onClick={onClose}>
          {t("common.actions.cancel")}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? t("vehicles.form.saving") : isNew ? t("vehicles.form.create") : t("common.actions.save")}
        </Button>
      </div>
    </form>
  );
}
