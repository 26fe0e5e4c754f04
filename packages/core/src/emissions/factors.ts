/*
 * Emission factors (issue 42), named and dated with their source. Pure data: the web app, the API and the
 * reports worker all count with these numbers.
 *
 * Source: U.S. EPA, GHG Emission Factors Hub ("Emission Factors for Greenhouse Gas Inventories"), Center for
 * Corporate Climate Leadership, edition of January 2025. Table 2 (mobile combustion CO2) for the fuels; Table 6
 * (electricity, eGRID) for grid power; Table 11 for the global warming potentials (IPCC AR5, 100-year, which the
 * Hub applies since its 2024 edition). When EPA publishes a new edition, change the numbers and `EDITION` here and
 * the hand-computed expectations in packages/core/test/emissions.test.ts together.
 */

export const SOURCE = "U.S. EPA GHG Emission Factors Hub";
export const EDITION = "2025-01";

/** 1 U.S. gallon in litres (NIST Handbook 44, 231 cubic inches). */
export const LITRES_PER_GALLON = 3.785411784;

/** kg of fossil CO2 per U.S. gallon, EPA GHG Emission Factors Hub 2025, Table 2. */
export const KG_CO2_PER_GALLON = {
  gasoline: 8.78,
  diesel: 10.21,
  /** B100: all of it biogenic (the Hub reports it apart from the inventory's CO2) */
  biodiesel: 9.45,
  lpg: 5.68,
  propane: 5.72,
} as const;

/** kg CO2 per standard cubic foot of compressed natural gas, EPA GHG Emission Factors Hub 2025, Table 2. */
export const KG_CO2_PER_SCF_CNG = 0.05444;

/**
 * CNG is sold by the gasoline gallon equivalent (GGE): 5.660 lb of natural gas (NIST Handbook 44, appendix D),
 * which the U.S. DOE Alternative Fuels Data Center gives as 126.67 standard cubic feet.
 */
export const SCF_PER_GGE_CNG = 126.67;

/**
 * Grid electricity: eGRID U.S. national average output emission rates as the Hub's Table 6 carries them
 * (eGRID2022, lb per MWh). A company on another subregion's grid emits more or less; the U.S. average is used
 * until a company can name its own.
 */
export const EGRID = { edition: "eGRID2022", lbCo2PerMwh: 823.1, lbCh4PerMwh: 0.066, lbN2oPerMwh: 0.009 } as const;
export const KG_PER_LB = 0.45359237;

/** Global warming potentials, IPCC AR5 100-year (the Hub's Table 11). */
export const GWP = { co2: 1, ch4: 28, n2o: 265 } as const;

/** The fuels a fuel log can name, each with the units it may be counted in. */
export const FUEL_TYPES = ["gasoline", "diesel", "b5", "b20", "cng", "lpg", "propane", "electricity"] as const;
export type FuelType = (typeof FUEL_TYPES)[number];
export const FUEL_UNITS = ["litres", "gallons", "kwh"] as const;
export type FuelUnit = (typeof FUEL_UNITS)[number];

/** A biodiesel blend's biodiesel share: B5 is 5 % biodiesel and 95 % diesel, B20 20 % and 80 %. */
export const BIODIESEL_SHARE = { b5: 0.05, b20: 0.2 } as const;

/**
 * The most one fill can hold: past these a fill is refused, not counted (issue 42). A class 8 tractor with two
 * 200-gallon saddle tanks, the largest common setup, holds 400 U.S. gallons (1,514 L); CNG tanks are counted
 * in GGE and a truck carries far fewer than that. The largest heavy-truck batteries sold hold under 1,000 kWh
 * (the Tesla Semi's about 900 kWh), so one charge of more is not possible.
 */
export const MAX_FILL = { gallons: 400, kwh: 1000 } as const;
