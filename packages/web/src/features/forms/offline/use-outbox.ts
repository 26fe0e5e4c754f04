import { useCallback, useEffect, useState } from "react";
import { useSWRConfig } from "swr";
import type { PersonScope } from "@/lib/device-db";
import { isOnline, subscribeOnline } from "@/lib/online";
import { refreshStoredForms } from "./form-store";
import { keepVehicles } from "./vehicles-on-device";
import { dropFilesExcept } from "./device-files";
import { onKick, queued, recoverInterrupted, sendAll, subscribeOutbox, type QueuedSubmission } from "./outbox";
import { sendSteps } from "./send-steps";
import { sentNotices } from "./sent-notices";
import { recordsOf } from "@/lib/device-db";
import { deviceKeysIn, type DraftRecord } from "../lib/draft";
import type { Role } from "../types";

/** The person's waiting submissions in this company, read again whenever the outbox changes. */
export function useOutbox(scope: PersonScope | null) {
  const userId = scope?.userId;
  const companyId = scope?.companyId;
  const [items, setItems] = useState<QueuedSubmission[]>([]);
  useEffect(() => {
    if (!userId || !companyId) return setItems([]);
    let live = true;
    const load = () =>
      void queued({ userId, companyId })
        .then((found) => live && setItems(found))
        .catch((error: unknown) => console.warn("outbox", error));
    load();
    const stop = subscribeOutbox(load);
    return () => {
      live = false;
      stop();
    };
  }, [userId, companyId]);
  return items;
}

const RETRY_MS = 30_000;

/** Files on the device that neither a draft nor a waiting submission refers to any more. */
async function pruneFiles(scope: PersonScope) {
  const inUse = new Set<string>();
  for (const draft of await recordsOf<DraftRecord>("drafts", scope)) deviceKeysIn(draft.values).forEach((key) => inUse.add(key));
  for (const item of await queued(scope)) deviceKeysIn(item.values).forEach((key) => inUse.add(key));
  await dropFilesExcept(scope, inUse);
}

/**
 * The signed-in frame's offline work (issue 20): keeps the forms the person may fill on the device, and
 * sends waiting submissions when the app opens, when the connection comes back and every half minute
 * while some wait. Each one sent gets a notice that stays until dismissed (issue 40), and the lists that
 * show submissions are read again.
 */
export function useOfflineWork(scope: PersonScope | null, role: Role | null) {
  const { mutate } = useSWRConfig();
  const userId = scope?.userId;
  const companyId = scope?.companyId;
  const send = useCallback(async () => {
    if (!userId || !companyId || !isOnline()) return;
    const waiting = await queued({ userId, companyId });
    if (!waiting.some((item) => item.state !== "refused")) return;
    const results = await sendAll({ userId, companyId }, sendSteps);
    let sent = 0;
    for (const result of results) {
      if (result.outcome !== "sent") continue;
      sent++;
      sentNotices.add({ key: result.key, userId, companyId, formId: result.formId, formName: result.formName, submissionId: result.submissionId, sentAt: Date.now() });
    }
    if (sent) void mutate(() => true);
  }, [userId, companyId, mutate]);

  useEffect(() => {
    if (!userId || !companyId) return;
    const scope = { userId, companyId };
    void recoverInterrupted(scope)
      .then(() => pruneFiles(scope))
      .then(send)
      .catch((error: unknown) => console.warn("outbox", error));
    const refresh = () => {
      if (!isOnline()) return;
      void refreshStoredForms(scope, role).catch((error: unknown) => console.warn("forms not kept on the device", error));
      // the vehicle picker's list, for forms that ask for a vehicle (viewers fill nothing)
      if (role && role !== "viewer" && role !== "inactive") void keepVehicles(scope).catch((error: unknown) => console.warn("vehicles not kept on the device", error));
    };
    refresh();
    const stopOnline = subscribeOnline(() => {
      if (!isOnline()) return;
      refresh();
      void send().catch((error: unknown) => console.warn("outbox", error));
    });
    const stopKick = onKick(() => void send().catch((error: unknown) => console.warn("outbox", error)));
    const timer = window.setInterval(() => void send().catch(() => undefined), RETRY_MS);
    return () => {
      stopOnline();
      stopKick();
      window.clearInterval(timer);
    };
  }, [userId, companyId, role, send]);
  return send;
}
