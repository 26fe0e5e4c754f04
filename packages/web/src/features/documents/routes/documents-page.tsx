import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { confirm } from "@/components/ui/alert-provider";
import { Button } from "@/components/ui/button";
import { CheckboxField, SelectField } from "@/components/ui/form-controls";
import { TextField } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast-store";
import { cn } from "@/lib/cn";
import { toLanguage } from "@/lib/i18n-options";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useCategories } from "../api/get-categories";
import { refreshDocumentLists, useDocumentPages } from "../api/get-documents";
import { deleteDocument } from "../api/save-document";
import { CategoriesSection } from "../components/categories-section";
import { CategoryOptions } from "../components/pickers";
import { DocumentTable, type DocumentAction } from "../components/document-table";
import { EditDialog } from "../components/edit-dialog";
import { PreviewDialog } from "../components/preview-dialog";
import { ReplaceDialog } from "../components/replace-dialog";
import { UploadDialog } from "../components/upload-dialog";
import { VersionsDialog } from "../components/versions-dialog";
import { isFiltered, queryFromSearch, SEARCH_MAX, searchFromQuery } from "../lib/documents-query";
import { groupByCategory } from "../lib/group";
import { useDocumentMessages } from "../lib/messages";
import { downloadAsset } from "../lib/open-file";
import { canManage, canManageCategories, canUpload, isAdmin, type Viewer } from "../lib/permissions";
import { SORT_OPTIONS, type CompanyDocument, type DocumentsQuery, type SortValue } from "../types";

const SEARCH_DELAY_MS = 300;
const TABS = ["documents", "categories"] as const;

type DialogState = { kind: "upload" } | { kind: "edit" | "replace" | "versions" | "preview"; document: CompanyDocument } | null;

export interface DocumentsPageProps {
  viewer: Viewer;
}

/**
 * /documents (issue 15), for everyone with a seat: the company's documents by category, searched, filtered
 * and sorted by the server, paged with "Load more"; uploads, previews, downloads, edits, new files and
 * deletions; and, for administrators, the categories.
 */
export function DocumentsPage({ viewer }: DocumentsPageProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const manageCategories = canManageCategories(viewer);
  const tab = manageCategories && search.get("tab") === "categories" ? 1 : 0;
  const selectTab = (index: number) => {
    const next = new URLSearchParams(search);
    if (TABS[index] === "categories") next.set("tab", "categories");
    else next.delete("tab");
    setSearch(next, { replace: true });
  };

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8">
      <title>{t("documents.pageTitle")}</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("documents.title")}</h1>
        <p className="mt-1 max-w-2xl text-slate-600">{t("documents.intro")}</p>
      </div>
      {manageCategories ? (
        <TabGroup selectedIndex={tab} onChange={selectTab}>
          <TabList aria-label={t("documents.tabs.label")} className="flex gap-1 border-b border-slate-200">
            {TABS.map((key) => (
              <Tab
                key={key}
                className="-mb-px rounded-t-md border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-slate-700 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 data-selected:border-brand-700 data-selected:text-brand-900"
              >
                {t(`documents.tabs.${key}`)}
              </Tab>
            ))}
          </TabList>
          <TabPanels className="pt-6">
            <TabPanel>
              <DocumentsPanel viewer={viewer} />
            </TabPanel>
            <TabPanel>
              <CategoriesSection viewer={viewer} />
            </TabPanel>
          </TabPanels>
        </TabGroup>
      ) : (
        <DocumentsPanel viewer={viewer} />
      )}
    </div>
  );
}

function DocumentsPanel({ viewer }: { viewer: Viewer }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const messages = useDocumentMessages();
  const [search, setSearch] = useSearchParams();
  const query = queryFromSearch(search);
  const [text, setText] = useState(query.search ?? "");
  const settledText = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const [dialog, setDialog] = useState<DialogState>(null);
  const categories = useCategories();
  const pages = useDocumentPages(query);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const go = (next: DocumentsQuery) => setSearch(searchFromQuery(next, search), { replace: true });

  // the search box asks the server once the typing pauses
  useEffect(() => {
    if (settledText !== (query.search ?? "")) go({ ...query, search: settledText || undefined });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a settled search moves the query
  }, [settledText]);

  const documents = useMemo(() => (pages.data ?? []).flatMap((page) => page.assets), [pages.data]);
  const groups = useMemo(() => groupByCategory(documents, categories.data ?? [], lang), [documents, categories.data, lang]);
  const hasMore = Boolean(pages.data?.[pages.data.length - 1]?.nextCursor);
  const loadingMore = pages.isValidating && pages.size > (pages.data?.length ?? 0);

  const refresh = () => {
    void pages.mutate();
    void refreshDocumentLists();
  };

  async function download(assetId: number) {
    try {
      await downloadAsset(assetId);
    } catch (error) {
      toast.error(messages.failed("documents.download.failed", error));
    }
  }

  async function remove(document: CompanyDocument) {
    const ok = await confirm({ kind: "error", title: t("documents.delete.title"), text: t("documents.delete.text", { name: document.name }), confirmLabel: t("documents.delete.confirm"), showCancel: true });
    if (!ok) return;
    try {
      await deleteDocument(document.id);
      toast.success(t("documents.delete.done", { name: document.name }));
    } catch (error) {
      toast.error(messages.failed("documents.delete.failed", error));
    }
    refresh();
  }

  const act = (action: DocumentAction, document: CompanyDocument) => {
    if (action === "download") void download(document.id);
    else if (action === "delete") void remove(document);
    else setDialog({ kind: action, document });
  };

  const clearFilters = () => {
    setText("");
    go({ sort: query.sort });
  };
  const data = pages.data;

  return (
    <section aria-labelledby="documents-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="documents-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
          {t("documents.list.heading")}
        </h2>
        {canUpload(viewer) ? <Button onClick={() => setDialog({ kind: "upload" })}>{t("documents.upload.button")}</Button> : null}
      </div>

      <div role="search" aria-label={t("documents.search.region")} className="grid gap-3 sm:grid-cols-2 xl:grid-cols-[minmax(0,2fr)_minmax(14rem,1fr)_minmax(14rem,1fr)] xl:items-start">
        <TextField label={t("documents.search.label")} description={t("documents.search.hint")} type="search" name="search" autoComplete="off" value={text} maxLength={SEARCH_MAX} onChange={(event) => setText(event.target.value)} />
        <SelectField label={t("documents.filters.category")} name="category" value={query.category ?? ""} onChange={(event) => go({ ...query, category: event.target.value || undefined })}>
          <CategoryOptions categories={categories.data ?? []} emptyLabel={t("documents.filters.allCategories")} />
        </SelectField>
        <SelectField label={t("documents.sort.label")} name="sort" value={query.sort} onChange={(event) => go({ ...query, sort: event.target.value as SortValue })}>
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {t(`documents.sort.${option.key}`)}
            </option>
          ))}
        </SelectField>
        <CheckboxField className="sm:col-span-full" label={t("documents.filters.expiring")} hint={t("documents.filters.expiringHint")} checked={Boolean(query.expiring)} onChange={(event) => go({ ...query, expiring: event.target.checked || undefined })} />
      </div>

      {pages.error && !data ? (
        <Notice kind="error" onRetry={() => void pages.mutate()}>
          <p>{messages.failed("documents.list.loadFailed", pages.error)}</p>
        </Notice>
      ) : !data ? (
        <Spinner label={t("documents.list.loading")} />
      ) : documents.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">
          {isFiltered(query) ? (
            <>
              <p>{t("documents.list.noMatch")}</p>
              <Button size="sm" variant="secondary" className="mt-3" onClick={clearFilters}>
                {t("documents.list.clearFilters")}
              </Button>
            </>
          ) : (
            <p>{canUpload(viewer) ? t("documents.list.empty") : t("documents.list.emptyReadOnly")}</p>
          )}
        </div>
      ) : (
        <div className={cn("flex flex-col gap-6", pages.isLoading && "opacity-60")} aria-busy={pages.isValidating || undefined}>
          {pages.error ? <Notice kind="error">{messages.failed("documents.list.loadFailed", pages.error)}</Notice> : null}
          {groups.map((group) => {
            const id = `documents-category-${group.code || "none"}`;
            return (
              <section key={group.code} aria-labelledby={id} className="flex flex-col gap-2">
                <h3 id={id} className="flex items-baseline gap-2 text-base font-semibold text-slate-900">
                  {group.name || t("documents.list.noCategory")}
                  <span className="text-sm font-normal text-slate-600">{t("documents.list.count", { count: group.documents.length })}</span>
                </h3>
                <DocumentTable labelledBy={id} documents={group.documents} canManage={(document) => canManage(document, viewer)} onAction={act} />
              </section>
            );
          })}
          {hasMore ? (
            <div className="flex justify-center">
              <Button variant="secondary" disabled={loadingMore} onClick={() => void pages.setSize(pages.size + 1)}>
                {loadingMore ? t("documents.list.loadingMore") : t("documents.list.loadMore")}
              </Button>
            </div>
          ) : null}
        </div>
      )}

      <UploadDialog
        open={dialog?.kind === "upload"}
        onClose={() => setDialog(null)}
        categories={categories.data ?? []}
        canPickPerson={isAdmin(viewer)}
        initialCategory={query.category}
        onUploaded={refresh}
      />
      <EditDialog
        document={dialog?.kind === "edit" ? dialog.document : null}
        categories={categories.data ?? []}
        canPickPerson={isAdmin(viewer)}
        onClose={() => setDialog(null)}
        onStale={refresh}
        onSaved={(document) => {
          setDialog(null);
          toast.success(t("documents.edit.saved", { name: document.name }));
          refresh();
        }}
      />
      <ReplaceDialog document={dialog?.kind === "replace" ? dialog.document : null} onClose={() => setDialog(null)} onReplaced={refresh} />
      <VersionsDialog document={dialog?.kind === "versions" ? dialog.document : null} onClose={() => setDialog(null)} onDownload={(assetId) => void download(assetId)} />
      <PreviewDialog document={dialog?.kind === "preview" ? dialog.document : null} onClose={() => setDialog(null)} onDownload={(document) => void download(document.id)} />
    </section>
  );
}
