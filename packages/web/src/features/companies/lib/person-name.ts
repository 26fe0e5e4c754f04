import type { Person } from "../types";

/** How the company page names a person: first and last name, else the username. */
export const personName = (person: Pick<Person, "firstName" | "lastName" | "username">) => [person.firstName, person.lastName].filter(Boolean).join(" ") || person.username;
