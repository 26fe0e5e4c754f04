import type { HistoryEntry } from "../types";

/** One amendment (a version) with its changed fields, newest first. */
export interface HistoryVersion {
  version: number;
  kind: HistoryEntry["kind"];
  changedAt: string;
  changedBy: string;
  comment?: string;
  changes: HistoryEntry[];
}

/** The flat history entries grouped by the version they made, newest first. */
export function groupHistory(entries: readonly HistoryEntry[]): HistoryVersion[] {
  const byVersion = new Map<number, HistoryVersion>();
  for (const entry of entries) {
    let version = byVersion.get(entry.version);
    if (!version) {
      version = { version: entry.version, kind: entry.kind, changedAt: entry.changedAt, changedBy: entry.changedBy, comment: entry.comment, changes: [] };
      byVersion.set(entry.version, version);
    }
    version.changes.push(entry);
  }
  return [...byVersion.values()].sort((a, b) => b.version - a.version);
}

/** Administrators get the values before and after (SPEC §6); the server sends them only to them. */
export const isDetailed = (entries: readonly HistoryEntry[]) => entries.some((entry) => entry.previousText !== undefined || entry.currentText !== undefined);
