import useSWR, { mutate } from "swr";
import { api } from "@/lib/api-client";
import type { CompanyInvitation } from "../types";

/** `GET /user/invitations`: the company's invitations, newest first, in every state. */
export const getInvitations = () => api<{ invitations: CompanyInvitation[] }>("/user/invitations").then((response) => response.invitations);

const INVITATIONS = "/user/invitations";

export function useInvitations() {
  return useSWR(INVITATIONS, getInvitations, { revalidateOnMount: true });
}

export const refreshInvitations = () => mutate(INVITATIONS);
