import { apiBlob } from "@/lib/api-client";

/** `GET /reports/{id}/runs/{runId}/file`: a finished run's file (the run id holds "#" and ":", so it is encoded). */
export const downloadRun = (id: string, runId: string): Promise<Blob> => apiBlob(`/reports/${encodeURIComponent(id)}/runs/${encodeURIComponent(runId)}/file`);
