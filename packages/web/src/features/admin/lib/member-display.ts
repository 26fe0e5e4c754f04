import type { Member } from "../types";

/** A person's name as the table shows it: first and last name, or the username when there is none. */
export const displayName = (member: Pick<Member, "firstName" | "lastName" | "username">) => [member.firstName, member.lastName].filter(Boolean).join(" ").trim() || member.username;

/** The name with the username when they differ: what tells two people apart in a label. */
export function memberLabel(member: Pick<Member, "firstName" | "lastName" | "username">) {
  const name = displayName(member);
  return name === member.username ? name : `${name} (${member.username})`;
}

/** SPEC §5 stores 11 digits with the leading 1; people read (555) 123-4567. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return "";
  const match = phone.match(/^1?(\d{3})(\d{3})(\d{4})$/);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : phone;
}

/** The phone as the edit form shows it: the 10 digits a person types. */
export const phoneDigits = (phone: string | null | undefined) => (phone ?? "").replace(/\D/g, "").replace(/^1(\d{10})$/, "$1");
