import { api } from "@/lib/api-client";
import type { ApiKeyView } from "../types";

/** `DELETE /integrations/keys/{id}`. */
export const revokeKey = (id: string) => api<{ key: ApiKeyView }>(`/integrations/keys/${encodeURIComponent(id)}`, { method: "DELETE" });
