import { describe, expect, it } from "vitest";
import { mergedTranslations } from "../../../../locales-plugin";
import { ACTIVE_FILTERS, FUEL_TYPES, SORT_COLUMNS, VEHICLE_TYPES } from "../types";
import { emptyVehicle, validate } from "./vehicle-form";

const trees = { en: mergedTranslations("en"), es: mergedTranslations("es") };
const lookup = (tree: unknown, key: string) => key.split(".").reduce<any>((node, part) => node?.[part], tree);

/** Keys the vehicle screens build from lists and from the form's rules, which keys-used.test.ts cannot see. */
describe("vehicle translation keys built from lists", () => {
  const keys = [
    ...VEHICLE_TYPES.map((type) => `vehicles.types.${type}`),
    ...FUEL_TYPES.map((fuel) => `vehicles.fuel.${fuel}`),
    ...ACTIVE_FILTERS.map((filter) => `vehicles.filters.statuses.${filter}`),
    ...SORT_COLUMNS.map((column) => `vehicles.columns.${column}`),
    ...["engine", "actions"].map((column) => `vehicles.columns.${column}`),
    ...["asc", "desc"].map((direction) => `vehicles.sort.${direction}`),
    ...["activate", "deactivate"].flatMap((verb) => ["title", "text", "confirm", "done", "failed"].map((part) => `vehicles.${verb}.${part}`)),
    ...["create", "update", "error"].map((action) => `vehicles.import.actions.${action}`),
    ...["vehicleNumber", "vin", "type", "engine", "fuelType", "description", "isActive"].map((field) => `vehicles.form.fields.${field}`),
    ...["submitted", "pending_approval", "approved", "sent_back"].map((status) => `vehicles.page.submissions.status.${status}`),
    ...["submit_one", "submit_other"].map((form) => `vehicles.import.${form}`),
    ...Object.values(validate({ ...emptyVehicle(), vin: "bad", type: "boat" as never, fuelType: "coal" as never, engine: "e".repeat(101), description: "d".repeat(501) })),
    "vehicles.validation.numberTooLong",
  ];

  it.each(Object.entries(trees))("are all in %s", (_lng, tree) => {
    expect(keys.filter((key) => typeof lookup(tree, key) !== "string")).toEqual([]);
  });
});
