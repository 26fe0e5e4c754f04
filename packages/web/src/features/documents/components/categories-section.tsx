import { useState } from "react";
import { useTranslation } from "react-i18next";
import { confirm } from "@/components/ui/alert-provider";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast-store";
import { cn } from "@/lib/cn";
import { refreshCategories, useCategories } from "../api/get-categories";
import { deleteCategory } from "../api/save-category";
import { useDocumentMessages } from "../lib/messages";
import { canChangeCategory, type Viewer } from "../lib/permissions";
import type { Category } from "../types";
import { GlobalBadge } from "./badges";
import { CategoryDialog } from "./category-dialog";

/** The company's categories and the global ones (admin and orgadmin): add, edit, delete; global ones are read-only unless the provider administrator looks. */
export function CategoriesSection({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  const messages = useDocumentMessages();
  const categories = useCategories();
  const [dialog, setDialog] = useState<Category | "new" | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const list = categories.data;

  async function remove(category: Category) {
    setFailure(null);
    const ok = await confirm({ kind: "error", title: t("documents.categories.delete.title"), text: t("documents.categories.delete.text", { name: category.name, code: category.code }), confirmLabel: t("documents.categories.delete.confirm"), showCancel: true });
    if (!ok) return;
    try {
      await deleteCategory(category.id);
      toast.success(t("documents.categories.delete.done", { name: category.name }));
      void refreshCategories();
    } catch (error) {
      // SPEC §8: a category delete error shows the server's message (the in-use count included)
      const message = messages.failed("documents.categories.delete.failed", error);
      setFailure(message);
      toast.error(message);
      void refreshCategories();
    }
  }

  return (
    <section aria-labelledby="categories-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="categories-heading" className="text-lg font-semibold text-slate-900">
            {t("documents.categories.title")}
          </h2>
          <p className="text-sm text-slate-600">{t("documents.categories.intro")}</p>
        </div>
        <Button onClick={() => setDialog("new")}>{t("documents.categories.add")}</Button>
      </div>
      {failure ? <Notice kind="error">{failure}</Notice> : null}
      {categories.error && !list ? (
        <Notice kind="error" onRetry={() => void categories.mutate()}>
          <p>{messages.failed("documents.categories.loadFailed", categories.error)}</p>
        </Notice>
      ) : !list ? (
        <Spinner label={t("documents.categories.loading")} />
      ) : list.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">{t("documents.categories.empty")}</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" aria-label={t("documents.categories.listLabel")}>
          {list.map((category) => {
            const editable = canChangeCategory(category, viewer);
            return (
              <li key={category.id} data-category-code={category.code} className={cn("flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4", !editable && "bg-slate-50")}>
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-semibold text-slate-900">{category.name}</h3>
                  <span className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800">{category.code}</span>
                  {category.isGlobal ? <GlobalBadge /> : null}
                </div>
                {category.description ? <p className="text-sm text-slate-700">{category.description}</p> : null}
                <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
                  <div className="flex gap-1">
                    <dt>{t("documents.categories.documentCount")}</dt>
                    <dd className="font-semibold text-slate-900">{category.documentCount ?? 0}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>{t("documents.categories.fields.offlineAccess")}</dt>
                    <dd className="font-semibold text-slate-900">{category.offlineAccess ? t("documents.categories.yes") : t("documents.categories.no")}</dd>
                  </div>
                </dl>
                {editable ? (
                  <div className="flex gap-2">
                    <Button size="sm" variant="secondary" onClick={() => setDialog(category)} aria-label={t("documents.categories.editNamed", { name: category.name })}>
                      {t("documents.actions.edit")}
                    </Button>
                    <Button size="sm" variant="ghost" className="text-red-700" onClick={() => void remove(category)} aria-label={t("documents.categories.deleteNamed", { name: category.name })}>
                      {t("documents.actions.delete")}
                    </Button>
                  </div>
                ) : (
                  <p className="text-xs text-slate-600">{t("documents.categories.readOnly")}</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <CategoryDialog
        category={dialog}
        canMakeGlobal={viewer.role === "admin"}
        onClose={() => setDialog(null)}
        onStale={() => void refreshCategories()}
        onSaved={(category, created) => {
          setDialog(null);
          toast.success(t(created ? "documents.categories.created" : "documents.categories.saved", { name: category.name }));
          void refreshCategories();
        }}
      />
    </section>
  );
}
