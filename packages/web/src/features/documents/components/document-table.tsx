import { useTranslation } from "react-i18next";
import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from "@/components/ui/menu";
import { toLanguage, type Language } from "@/lib/i18n-options";
import { cn } from "@/lib/cn";
import { formatDate, formatDay, formatSize, previewKind, typeLabel } from "../lib/format";
import type { CompanyDocument } from "../types";
import { ExpiryBadge, RestrictedBadge } from "./badges";

export type DocumentAction = "preview" | "download" | "versions" | "edit" | "replace" | "delete";

export interface DocumentTableProps {
  /** the section's heading id: the table is named after its category */
  labelledBy: string;
  documents: CompanyDocument[];
  canManage: (document: CompanyDocument) => boolean;
  onAction: (action: DocumentAction, document: CompanyDocument) => void;
  busy?: boolean;
}

const COLUMNS = ["name", "type", "size", "uploadedBy", "createdAt", "status"] as const;

/** One category's documents: a table on wide screens, cards on phones; each row's actions in one menu. */
export function DocumentTable({ labelledBy, documents, canManage, onAction, busy }: DocumentTableProps) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  return (
    <>
      <div className={cn("hidden overflow-x-auto rounded-lg border border-slate-200 bg-white md:block", busy && "opacity-60")}>
        <table aria-labelledby={labelledBy} className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left text-slate-700">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                  {t(`documents.columns.${column}`)}
                </th>
              ))}
              <th scope="col" className="px-3 py-2 font-semibold">
                <span className="sr-only">{t("documents.columns.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {documents.map((document) => (
              <tr key={document.id} data-document-id={document.id}>
                <th scope="row" className="max-w-xs px-3 py-2 text-left align-top">
                  <span className="block font-semibold break-words text-slate-900">{document.name}</span>
                  <span className="block text-xs font-normal break-all text-slate-600">{document.fileName}</span>
                  {document.description ? <span className="mt-0.5 block text-xs font-normal text-slate-600">{document.description}</span> : null}
                </th>
                <td className="px-3 py-2 align-top whitespace-nowrap text-slate-700">{typeLabel(document.fileType, document.fileName)}</td>
                <td className="px-3 py-2 align-top whitespace-nowrap text-slate-700">{formatSize(document.size, lang)}</td>
                <td className="px-3 py-2 align-top text-slate-700">{document.uploadedBy || "—"}</td>
                <td className="px-3 py-2 align-top whitespace-nowrap text-slate-700">{formatDate(document.createdAt, lang)}</td>
                <td className="px-3 py-2 align-top">
                  <Status document={document} lang={lang} />
                </td>
                <td className="px-3 py-2 text-right align-top">
                  <DocumentActions document={document} canManage={canManage(document)} onAction={onAction} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-labelledby={labelledBy} className={cn("flex flex-col gap-3 md:hidden", busy && "opacity-60")}>
        {documents.map((document) => (
          <li key={document.id} data-document-id={document.id} className="rounded-lg border border-slate-200 bg-white p-3">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold break-words text-slate-900">{document.name}</p>
                <p className="text-xs break-all text-slate-600">{document.fileName}</p>
              </div>
              <DocumentActions document={document} canManage={canManage(document)} onAction={onAction} />
            </div>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              {(
                [
                  ["type", typeLabel(document.fileType, document.fileName)],
                  ["size", formatSize(document.size, lang)],
                  ["uploadedBy", document.uploadedBy || "—"],
                  ["createdAt", formatDate(document.createdAt, lang)],
                ] as const
              ).map(([column, value]) => (
                <div key={column} className="min-w-0">
                  <dt className="text-xs text-slate-600">{t(`documents.columns.${column}`)}</dt>
                  <dd className="break-words text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
            <div className="mt-2">
              <Status document={document} lang={lang} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The expiry and restriction badges, and the expiry date when there is one. */
function Status({ document, lang }: { document: CompanyDocument; lang: Language }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <ExpiryBadge document={document} />
      {document.restricted ? <RestrictedBadge /> : null}
      {document.expiresOn ? <span className="text-xs whitespace-nowrap text-slate-600">{t("documents.expiry.on", { date: formatDay(document.expiresOn, lang) })}</span> : null}
    </div>
  );
}

export function DocumentActions({ document, canManage, onAction }: { document: CompanyDocument; canManage: boolean; onAction: (action: DocumentAction, document: CompanyDocument) => void }) {
  const { t } = useTranslation();
  const versions = document.versions?.length ?? 0;
  return (
    <Menu>
      <MenuButton aria-label={t("documents.actions.for", { name: document.name })} className="border border-slate-300 bg-white py-1">
        {t("documents.actions.open")}
      </MenuButton>
      <MenuItems>
        {previewKind(document.fileType) ? <MenuItem onClick={() => onAction("preview", document)}>{t("documents.actions.preview")}</MenuItem> : null}
        <MenuItem onClick={() => onAction("download", document)}>{t("documents.actions.download")}</MenuItem>
        {versions > 0 ? <MenuItem onClick={() => onAction("versions", document)}>{t("documents.actions.versions", { count: versions })}</MenuItem> : null}
        {canManage ? (
          <>
            <MenuSeparator />
            <MenuItem onClick={() => onAction("edit", document)}>{t("documents.actions.edit")}</MenuItem>
            <MenuItem onClick={() => onAction("replace", document)}>{t("documents.actions.replace")}</MenuItem>
            <MenuSeparator />
            <MenuItem onClick={() => onAction("delete", document)}>
              <span className="text-red-700">{t("documents.actions.delete")}</span>
            </MenuItem>
          </>
        ) : null}
      </MenuItems>
    </Menu>
  );
}
