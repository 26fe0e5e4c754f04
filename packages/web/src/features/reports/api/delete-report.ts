import { api } from "@/lib/api-client";

/** `DELETE /reports/{id}`. */
export const deleteReport = (id: string) => api<{ status: string }>(`/reports/${encodeURIComponent(id)}`, { method: "DELETE" });
