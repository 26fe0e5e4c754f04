import { api } from "@/lib/api-client";
import type { Lang, Member, SeatRole } from "../types";

export interface AddUserInput {
  username: string;
  email: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  lang: Lang;
  role: SeatRole;
  billable: boolean;
  /** without one the person is e-mailed a link to choose it */
  password?: string;
}

/** `POST /user/add`: a new account with its seat in the company. */
export const addUser = (input: AddUserInput) => api<{ status: string; data: Member; passwordLinkSent: boolean }>("/user/add", { method: "POST", body: input });
