import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/lib/api-client";
import { errorKeyFinder, codeOf, useErrorMessage } from "@/lib/error-keys";

/**
 * docs/api-vehicles.md: the codes of the vehicle calls are stable and the app translates them; the
 * English text of each is the API's own message (vehicles.errors.* in en/vehicles.json).
 */
export const ERROR_KEYS: Readonly<Record<string, string>> = {
  "vehicle.not_found": "vehicles.errors.notFound",
  "vehicle.vin_taken": "vehicles.errors.vinTaken",
  "vehicle.number_taken": "vehicles.errors.numberTaken",
  "vehicle.check_digit": "vehicles.errors.checkDigit",
  "vehicle.referenced": "vehicles.errors.referenced",
  "vehicle.import_header": "vehicles.errors.importHeader",
  "vehicle.import_too_many": "vehicles.errors.importTooMany",
  "vehicle.busy": "vehicles.errors.busy",
  // the archive budgets' refusals (core util/archive-guard.ts)
  "file.too_many_parts": "vehicles.errors.limits.tooManyParts",
  "file.unpacked_too_large": "vehicles.errors.limits.unpackedTooLarge",
  "file.overlapping_parts": "vehicles.errors.limits.overlappingParts",
  "file.xml_entities": "vehicles.errors.limits.xmlEntities",
  "file.outside_dimension": "vehicles.errors.limits.outsideDimension",
  "file.beyond_grid": "vehicles.errors.limits.beyondGrid",
  "file.too_many_rows": "vehicles.errors.limits.tooManyRows",
  "file.too_many_cells": "vehicles.errors.limits.tooManyCells",
  "file.read_time": "vehicles.errors.limits.readTime",
  "file.read_memory": "vehicles.errors.limits.readMemory",
  "record.stale": "vehicles.errors.stale",
  // issue 42: certifying a defect (core defect DEFECT_MESSAGES)
  "defect.not_found": "vehicles.errors.defectNotFound",
  "defect.already_certified": "vehicles.errors.alreadyCertified",
  "defect.withdrawn": "vehicles.errors.withdrawn",
  "defect.superseded": "vehicles.errors.superseded",
  "defect.certifier": "vehicles.errors.certifier",
  "defect.review_stale": "vehicles.errors.reviewStale",
  "auth.forbidden": "common.errors.accessDenied",
};

/** The field a code is about, so its message shows under that field. */
export const ERROR_FIELDS: Readonly<Record<string, "vin" | "vehicleNumber">> = {
  "vehicle.vin_taken": "vin",
  "vehicle.number_taken": "vehicleNumber",
  "vehicle.check_digit": "vin",
};

/** The API's field messages (docs/api-vehicles.md) the form translates; others are shown as the API wrote them. */
export const FIELD_MESSAGE_KEYS: ReadonlyMap<string, string> = new Map([
  ["A VIN is 17 letters and digits (no I, O or Q)", "vehicles.validation.vin"],
  ["This VIN is already registered", "vehicles.errors.vinTaken"],
  ["This vehicle number is already in use", "vehicles.errors.numberTaken"],
  ["The VIN's check digit does not match. Check the VIN, or confirm it is not a North American VIN.", "vehicles.errors.checkDigit"],
  ["A vehicle number is required", "vehicles.validation.numberRequired"],
  ["Choose a vehicle type", "vehicles.validation.type"],
  ["Choose a fuel type", "vehicles.validation.fuelType"],
  ["This vehicle appears twice in the file", "vehicles.validation.duplicateInFile"],
  ["Use true or false", "vehicles.validation.boolean"],
  ["Write what was done or found", "vehicles.defects.dialog.noteRequired"],
  ["The photo is not a validated image of your company", "vehicles.defects.dialog.photoInvalid"],
]);

/** The translation key for a failed call, or undefined when the API's own words are all there is. */
export const errorKeyOf = errorKeyFinder(ERROR_KEYS, FIELD_MESSAGE_KEYS);

export { codeOf };

/** Translates what the vehicle screens are told: a failed call's message, and its field messages. */
export function useVehicleMessages() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage(errorKeyOf);
  const fieldMessage = useCallback((message: string) => (FIELD_MESSAGE_KEYS.has(message) ? t(FIELD_MESSAGE_KEYS.get(message)!) : message), [t]);
  /** A 400's fieldErrors, or a conflict about one field, as translated messages by field. */
  const fieldErrors = useCallback(
    (error: unknown): Record<string, string> => {
      if (!(error instanceof ApiError)) return {};
      const out: Record<string, string> = {};
      for (const [field, messages] of Object.entries(error.fieldErrors ?? {})) if (messages?.[0]) out[field] = fieldMessage(messages[0]);
      const field = error.code ? ERROR_FIELDS[error.code] : undefined;
      if (field) out[field] = errorMessage(error);
      return out;
    },
    [errorMessage, fieldMessage],
  );
  return { errorMessage, fieldMessage, fieldErrors };
}
