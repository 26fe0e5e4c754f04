import * as z from "zod";
import { Company } from "@fleetforms/core/company/index";
import { User } from "@fleetforms/core/user/index";
import { http, signedIn } from "../lib/http";

const Query = z.object({
  sort_by: z.enum(["username", "email", "firstName", "lastName", "role"]).default("username"),
  sort_direction: z.enum(["asc", "desc"]).default("asc"),
});

/** The users of the caller's company, with their seat role (SPEC §7: returns status and data). */
export const handler = http({ query: Query }, async ({ actor, query }) => {
  const companyId = signedIn(actor).companyId!;
  const seats = await Company.seatsOfCompany(companyId);
  const users = await User.manyFromIds(seats.map((seat) => seat.userId));
  const roleOf = new Map(seats.map((seat) => [seat.userId, seat.role]));
  const rows = users.map((user) => ({ ...User.present(user), role: roleOf.get(user.userId) ?? "user" }));
  const direction = query.sort_direction === "asc" ? 1 : -1;
  rows.sort((a, b) => direction * String(a[query.sort_by]).localeCompare(String(b[query.sort_by])));
  return { status: "success", data: rows };
});
