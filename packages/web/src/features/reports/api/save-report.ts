import { api } from "@/lib/api-client";
import type { Schedule, ScheduleFields } from "../types";

/** `POST /reports`: a new schedule; its first run is the cadence's next. */
export const createReport = (fields: ScheduleFields) => api<{ data: { schedule: Schedule } }>("/reports", { method: "POST", body: fields }).then((answer) => answer.data.schedule);

/** `PUT /reports/{id}`: with the version read, so a change made meanwhile is `409 record.stale`. */
export const updateReport = (id: string, fields: ScheduleFields) =>
  api<{ data: { schedule: Schedule } }>(`/reports/${encodeURIComponent(id)}`, { method: "PUT", body: fields }).then((answer) => answer.data.schedule);
