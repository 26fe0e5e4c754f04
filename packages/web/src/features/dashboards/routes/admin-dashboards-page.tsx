import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { confirm } from "@/components/ui/alert-store";
import { Button } from "@/components/ui/button";
import { Menu, MenuButton, MenuItem, MenuItems } from "@/components/ui/menu";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast-store";
import { refreshDashboardLists, useAllDashboards } from "../api/get-dashboards";
import { deleteDashboard, removeCompany } from "../api/save-dashboard";
import { AssociationDialog, type AssociationTarget } from "../components/association-dialog";
import { DashboardDialog } from "../components/dashboard-dialog";
import { LoadFailed } from "../components/load-failed";
import { useDashboardMessages } from "../lib/messages";
import { formatParams } from "../lib/params";
import type { Dashboard, DashboardCompany } from "../types";

const linkClasses = "font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600";

/**
 * `/admin/dashboards` (provider administrators, SPEC §6): every dashboard with the companies that see it;
 * create, edit and delete them, associate companies with their own parameters and remove associations.
 */
export function AdminDashboardsPage() {
  const { t } = useTranslation();
  const messages = useDashboardMessages();
  const { data, error, mutate } = useAllDashboards();
  const [editing, setEditing] = useState<Dashboard | "new" | null>(null);
  const [associating, setAssociating] = useState<AssociationTarget | null>(null);

  const remove = async (dashboard: Dashboard) => {
    const count = dashboard.companies?.length ?? 0;
    const confirmed = await confirm({
      kind: "error",
      title: t("dashboards.admin.delete.title"),
      text: t("dashboards.admin.delete.text", { name: dashboard.name, count }),
      confirmLabel: t("dashboards.admin.delete.confirm"),
    });
    if (!confirmed) return;
    try {
      await deleteDashboard(dashboard.id);
      toast.success(t("dashboards.admin.delete.done", { name: dashboard.name }));
    } catch (failure) {
      toast.error(messages.failed("dashboards.errors.saveFailed", failure));
    }
    await refreshDashboardLists();
  };

  const dissociate = async (dashboard: Dashboard, company: DashboardCompany) => {
    const confirmed = await confirm({
      kind: "warning",
      title: t("dashboards.admin.remove.title"),
      text: t("dashboards.admin.remove.text", { name: dashboard.name, company: company.companyName }),
      confirmLabel: t("dashboards.admin.remove.confirm"),
    });
    if (!confirmed) return;
    try {
      await removeCompany(dashboard.id, company.companyId);
      toast.success(t("dashboards.admin.remove.done", { name: dashboard.name, company: company.companyName }));
    } catch (failure) {
      toast.error(messages.failed("dashboards.errors.saveFailed", failure));
    }
    await refreshDashboardLists();
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <title>{t("dashboards.admin.pageTitle")}</title>
      <nav aria-label={t("dashboards.breadcrumb")} className="text-sm">
        <Link to="/admin" className={linkClasses}>
          {t("admin.title")}
        </Link>
      </nav>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("dashboards.admin.title")}</h1>
          <p className="mt-1 text-slate-600">{t("dashboards.admin.intro")}</p>
        </div>
        <Button onClick={() => setEditing("new")}>{t("dashboards.admin.new")}</Button>
      </div>

      {error && !data ? (
        <LoadFailed error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <div className="flex flex-col gap-4" aria-busy="true">
          <p className="sr-only" role="status">
            {t("dashboards.list.loading")}
          </p>
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      ) : data.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">
          <p>{t("dashboards.admin.empty")}</p>
        </div>
      ) : (
        <ul className="flex flex-col gap-4" aria-label={t("dashboards.admin.listLabel")}>
          {data.map((dashboard) => (
            <DashboardItem
              key={dashboard.id}
              dashboard={dashboard}
              onEdit={() => setEditing(dashboard)}
              onDelete={() => void remove(dashboard)}
              onAssociate={(company) => setAssociating({ dashboard, company })}
              onRemove={(company) => void dissociate(dashboard, company)}
            />
          ))}
        </ul>
      )}

      <DashboardDialog
        dashboard={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved, created) => {
          setEditing(null);
          toast.success(t(created ? "dashboards.admin.created" : "dashboards.admin.saved", { name: saved.name }));
          void refreshDashboardLists();
        }}
        onStale={() => void refreshDashboardLists()}
      />
      <AssociationDialog
        target={associating}
        onClose={() => setAssociating(null)}
        onSaved={(saved, companyName) => {
          setAssociating(null);
          toast.success(t("dashboards.admin.association.done", { name: saved.name, company: companyName }));
          void refreshDashboardLists();
        }}
      />
    </div>
  );
}

interface DashboardItemProps {
  dashboard: Dashboard;
  onEdit: () => void;
  onDelete: () => void;
  onAssociate: (company?: DashboardCompany) => void;
  onRemove: (company: DashboardCompany) => void;
}

function DashboardItem({ dashboard, onEdit, onDelete, onAssociate, onRemove }: DashboardItemProps) {
  const { t } = useTranslation();
  const id = useId();
  const companies = dashboard.companies ?? [];
  return (
    <li>
      <article aria-labelledby={`${id}-name`} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-xs">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={`${id}-name`} className="text-lg font-semibold break-words text-slate-900">
              {dashboard.name}
            </h2>
            {dashboard.description ? <p className="text-sm text-slate-600">{dashboard.description}</p> : null}
            <p className="mt-1 text-sm text-slate-700">{t("dashboards.admin.metabaseNumber", { id: dashboard.metabaseId })}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => onAssociate()}>
              {t("dashboards.admin.association.add")}
            </Button>
            <Menu>
              <MenuButton className="border border-slate-300" aria-label={t("dashboards.admin.actionsFor", { name: dashboard.name })}>
                {t("dashboards.admin.actions")}
              </MenuButton>
              <MenuItems>
                <MenuItem onClick={onEdit}>{t("dashboards.admin.edit")}</MenuItem>
                <MenuItem onClick={onDelete}>{t("dashboards.admin.delete.action")}</MenuItem>
              </MenuItems>
            </Menu>
          </div>
        </div>
        {dashboard.defaultParams ? (
          <div className="text-sm">
            <p className="font-medium text-slate-800">{t("dashboards.fields.defaultParams")}</p>
            <pre className="mt-1 overflow-x-auto rounded-md bg-slate-50 p-2 text-xs text-slate-800">{formatParams(dashboard.defaultParams)}</pre>
          </div>
        ) : null}
        <div className="text-sm">
          <h3 className="font-medium text-slate-800">{t("dashboards.admin.companies")}</h3>
          {companies.length === 0 ? (
            <p className="mt-1 text-slate-600">{t("dashboards.admin.noCompanies")}</p>
          ) : (
            <ul className="mt-1 divide-y divide-slate-100 rounded-md border border-slate-200" aria-label={t("dashboards.admin.companiesOf", { name: dashboard.name })}>
              {companies.map((company) => (
                <li key={company.companyId} className="flex flex-wrap items-start justify-between gap-3 p-2">
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900">{company.companyName}</p>
                    {company.customParams ? (
                      <pre className="mt-1 overflow-x-auto text-xs text-slate-700" aria-label={t("dashboards.fields.customParams")}>
                        {company.customParams}
                      </pre>
                    ) : (
                      <p className="text-xs text-slate-600">{t("dashboards.admin.noCustomParams")}</p>
                    )}
                  </div>
                  <div className="flex gap-2">
                    <Button size="sm" variant="ghost" onClick={() => onAssociate(company)} aria-label={t("dashboards.admin.association.editNamed", { company: company.companyName })}>
                      {t("dashboards.admin.association.edit")}
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => onRemove(company)} aria-label={t("dashboards.admin.remove.named", { company: company.companyName })}>
                      {t("dashboards.admin.remove.action")}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </article>
    </li>
  );
}
