import { api } from "@/lib/api-client";
import type { Lang, Member, MemberStatus } from "../types";

export interface EditUserInput {
  userId: string;
  status?: MemberStatus;
  billable?: boolean;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  lang?: Lang;
  hasMobileNotify?: boolean;
  hasEmailNotify?: boolean;
  /** the version the editor read: a stale edit is a 409 */
  version?: number;
}

/** `POST /user/editUser`: status and billable belong to the seat here; the rest to the account. */
export const editUser = (input: EditUserInput) => api<{ status: string; data: Member }>("/user/editUser", { method: "POST", body: input }).then((response) => response.data);
