import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PersonScope } from "@/lib/device-db";
import { isOnline, subscribeOnline, useOnline } from "@/lib/online";
import { documentsOnDevice, refreshDocumentsOnDevice, type DocumentOnDevice } from "./documents-on-device";

/** The signed-in frame keeps the offline documents on the device: at sign-in and when the connection comes back. */
export function useDocumentsOnDevice(scope: PersonScope | null) {
  const userId = scope?.userId;
  const companyId = scope?.companyId;
  useEffect(() => {
    if (!userId || !companyId) return;
    const refresh = () => {
      if (isOnline()) void refreshDocumentsOnDevice({ userId, companyId }).catch((error: unknown) => console.warn("documents not kept on the device", error));
    };
    refresh();
    return subscribeOnline(refresh);
  }, [userId, companyId]);
}

function OpenDocument({ record }: { record: DocumentOnDevice }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const made = URL.createObjectURL(record.blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [record.blob]);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 bg-white p-3">
      <span className="min-w-0">
        <span className="block font-semibold text-slate-900">{record.document.name}</span>
        <span className="block text-xs text-slate-700">{record.document.fileName}</span>
      </span>
      {url ? (
        <a href={url} target="_blank" rel="noopener" download={record.document.fileName} className="text-sm font-semibold text-brand-700 underline underline-offset-2">
          {t("offline.documents.open", { name: record.document.name })}
        </a>
      ) : null}
    </li>
  );
}

/** Without a connection, /documents lists what is kept on this device and opens it from there. */
export function OfflineDocuments({ scope }: { scope: PersonScope | null }) {
  const { t } = useTranslation();
  const online = useOnline();
  const [records, setRecords] = useState<DocumentOnDevice[] | undefined>();
  const userId = scope?.userId;
  const companyId = scope?.companyId;
  useEffect(() => {
    if (online || !userId || !companyId) return;
    let live = true;
    void documentsOnDevice({ userId, companyId })
      .then((found) => live && setRecords(found))
      .catch(() => live && setRecords([]));
    return () => {
      live = false;
    };
  }, [online, userId, companyId]);
  if (online || !records) return null;
  return (
    <section aria-labelledby="documents-on-device" className="mx-auto flex max-w-7xl flex-col gap-3 px-4 pt-8 sm:px-6 lg:px-8">
      <h2 id="documents-on-device" className="text-lg font-semibold text-slate-900">
        {t("offline.documents.title")}
      </h2>
      {records.length ? (
        <ul className="flex flex-col gap-2">
          {records.map((record) => (
            <OpenDocument key={record.key} record={record} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">{t("offline.documents.none")}</p>
      )}
    </section>
  );
}
