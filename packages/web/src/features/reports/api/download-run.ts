import { api } from "@/lib/api-client";
import { downloadUrl } from "@/lib/download";

/** Where a finished run's file (or one part of it) can be fetched: a signed address valid five minutes. */
export interface RunFile {
  url: string;
  fileName: string;
}

/** `GET /reports/{id}/runs/{runId}/file?part=N` (the run id holds "#" and ":", so it is encoded); files never pass through the API. */
export const getRunFile = (id: string, runId: string, part = 1) =>
  api<{ data: RunFile }>(`/reports/${encodeURIComponent(id)}/runs/${encodeURIComponent(runId)}/file`, { query: { part } }).then((answer) => answer.data);

/** Asks for the file's address, then has the browser download it from there. */
export async function downloadRun(id: string, runId: string, part = 1) {
  const file = await getRunFile(id, runId, part);
  downloadUrl(file.url, file.fileName);
}
