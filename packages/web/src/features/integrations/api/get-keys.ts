import useSWR from "swr";
import { api } from "@/lib/api-client";
import type { ApiKeyView } from "../types";
import { API_KEYS } from "./keys";

/** `GET /integrations/keys`: the company's keys, newest first. */
export const getKeys = () => api<{ keys: ApiKeyView[] }>("/integrations/keys").then((answer) => answer.keys);

/** The key names the company, so switching companies never shows another's keys. */
export function useKeys(companyId: string) {
  return useSWR([API_KEYS, companyId] as const, getKeys, { revalidateOnMount: true });
}
