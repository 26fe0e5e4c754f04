import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast-store";
import { toLanguage } from "@/lib/i18n-options";
import { useDocuments } from "../api/get-documents";
import { formatDay, formatSize, typeLabel } from "../lib/format";
import { useDocumentMessages } from "../lib/messages";
import { downloadAsset } from "../lib/open-file";
import type { CompanyDocument } from "../types";
import { ExpiryBadge, RestrictedBadge } from "./badges";

const linkClasses = "font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600";

/** A short list of documents (a vehicle's, the ones expiring): name, badges, and a download button each. */
export function DocumentList({ documents, label }: { documents: CompanyDocument[]; label: string }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const messages = useDocumentMessages();
  const download = async (document: CompanyDocument) => {
    try {
      await downloadAsset(document.id);
    } catch (error) {
      toast.error(messages.failed("documents.download.failed", error));
    }
  };
  return (
    <ul aria-label={label} className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
      {documents.map((document) => (
        <li key={document.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
          <div className="min-w-0">
            <p className="font-semibold break-words text-slate-900">{document.name}</p>
            <p className="text-xs text-slate-600">
              {[typeLabel(document.fileType, document.fileName), formatSize(document.size, lang), document.expiresOn ? t("documents.expiry.on", { date: formatDay(document.expiresOn, lang) }) : ""].filter(Boolean).join(" · ")}
            </p>
            <div className="mt-1 flex flex-wrap gap-1.5">
              <ExpiryBadge document={document} />
              {document.restricted ? <RestrictedBadge /> : null}
            </div>
          </div>
          <Button size="sm" variant="secondary" onClick={() => void download(document)} aria-label={t("documents.downloadNamed", { name: document.name })}>
            {t("documents.actions.download")}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** The vehicle page's documents section: what is linked to this vehicle. */
export function VehicleDocuments({ vehicleId }: { vehicleId: string }) {
  const { t } = useTranslation();
  const messages = useDocumentMessages();
  const { data, error, mutate } = useDocuments({ vehicleId, sort: "expiresOn", limit: 100 });
  if (error && !data)
    return (
      <Notice kind="error" onRetry={() => void mutate()}>
        <p>{messages.failed("documents.list.loadFailed", error)}</p>
      </Notice>
    );
  if (!data) return <Spinner label={t("documents.list.loading")} />;
  if (data.assets.length === 0) return <p className="text-slate-700">{t("documents.vehicle.empty")}</p>;
  return (
    <div className="flex flex-col gap-2">
      <DocumentList documents={data.assets} label={t("documents.vehicle.listLabel")} />
      <p className="text-sm">
        <Link to="/documents" className={linkClasses}>
          {t("documents.vehicle.all")}
        </Link>
      </p>
    </div>
  );
}

/**
 * The home page's block of documents expired or expiring within 30 days, from `GET /home` (so the page asks
 * once for everything): a skeleton while it loads (`documents` undefined) and its own empty state.
 */
export function ExpiringDocuments({ documents }: { documents: CompanyDocument[] | undefined }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="expiring-documents" aria-busy={documents ? undefined : true} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="expiring-documents" className="text-lg font-semibold text-slate-900">
          {t("documents.expiring.title")}
        </h2>
        <Link to="/documents?expiring=true" className={linkClasses}>
          {t("documents.expiring.all")}
        </Link>
      </div>
      {!documents ? (
        <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ) : documents.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-700">{t("documents.expiring.empty")}</p>
      ) : (
        <DocumentList documents={documents} label={t("documents.expiring.listLabel")} />
      )}
    </section>
  );
}
