import * as z from "../util/zod";

/** SPEC §3/§6. `admin` is a provider administrator, `orgadmin` administers one company. */
export const ROLES = ["user", "admin", "viewer", "inactive", "orgadmin"] as const;
export const Role = /* @__PURE__ */ z.lazySchema(() => z.enum(ROLES));
export type Role = z.infer<typeof Role>;
/** Roles a seat in a company can hold; `admin` lives on the user, not on a seat. */
export const SEAT_ROLES = ["user", "viewer", "inactive", "orgadmin"] as const;
export const SeatRole = /* @__PURE__ */ z.lazySchema(() => z.enum(SEAT_ROLES));
export type SeatRole = z.infer<typeof SeatRole>;
export const LANGS = ["en", "es"] as const;
export const Lang = /* @__PURE__ */ z.lazySchema(() => z.enum(LANGS));
export type Lang = z.infer<typeof Lang>;
