import { mutate } from "swr";

/** Every API keys answer is cached under this first key part, with the company's id second. */
export const API_KEYS = "integrations-keys";

/** After a key is made or revoked: the list is read again. */
export const refreshKeys = () => mutate((key) => Array.isArray(key) && key[0] === API_KEYS);
