import { describe, expect, it } from "vitest";
import { changes, cleaned, emptyVehicle, validate } from "./vehicle-form";

describe("the vehicle form", () => {
  it("asks for a vehicle number and accepts an empty VIN", () => {
    expect(validate(cleaned(emptyVehicle()))).toEqual({ vehicleNumber: "vehicles.validation.numberRequired" });
    expect(validate(cleaned({ ...emptyVehicle(), vehicleNumber: "  T-1  " }))).toEqual({});
  });

  it("applies the API's VIN rule and lengths", () => {
    const base = { ...emptyVehicle(), vehicleNumber: "T-1" };
    expect(validate(cleaned({ ...base, vin: "1fuj gldr3-clbp8834" }))).toEqual({});
    expect(validate(cleaned({ ...base, vin: "1FUJGLDR3CLBP883O" }))).toEqual({ vin: "vehicles.validation.vin" });
    expect(validate(cleaned({ ...base, vin: "1FUJGLDR3CLBP883" }))).toEqual({ vin: "vehicles.validation.vin" });
    expect(validate({ ...base, vehicleNumber: "x".repeat(51), engine: "e".repeat(101), description: "d".repeat(501) })).toEqual({
      vehicleNumber: "vehicles.validation.numberTooLong",
      engine: "vehicles.validation.engineTooLong",
      description: "vehicles.validation.descriptionTooLong",
    });
  });

  it("sends only the fields an edit changed", () => {
    const before = { ...emptyVehicle(), vehicleNumber: "T-1", vin: "1FUJGLDR0CLBP8834" };
    expect(changes(before, { ...before, description: "Day cab" })).toEqual({ description: "Day cab" });
    expect(changes(before, before)).toEqual({});
  });
});
