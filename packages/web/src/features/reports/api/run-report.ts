import { api } from "@/lib/api-client";
import type { Run } from "../types";

/** `POST /reports/{id}/run` (202): runs now, for the period that ends now; the schedule's next run stays. */
export const runReport = (id: string) => api<{ data: { run: Run } }>(`/reports/${encodeURIComponent(id)}/run`, { method: "POST" }).then((answer) => answer.data.run);
