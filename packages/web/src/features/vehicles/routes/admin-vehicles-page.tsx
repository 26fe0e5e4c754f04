import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { confirm } from "@/components/ui/alert-provider";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast-store";
import { deleteVehicle } from "../api/delete-vehicle";
import { exportVehicles } from "../api/export-vehicles";
import { refreshVehicles, useVehicles } from "../api/get-vehicles";
import { updateVehicle } from "../api/update-vehicle";
import { SelectField } from "@/components/ui/form-controls";
import { ImportDialog } from "../components/import-dialog";
import { Notice } from "../components/notice";
import { Pagination } from "../components/pagination";
import { VehicleFormDialog } from "../components/vehicle-form-dialog";
import { VehicleTable, type VehicleAction } from "../components/vehicle-table";
import { datedFileName, saveBlob } from "../lib/download";
import { codeOf, useVehicleMessages } from "../lib/messages";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { nextSort, queryFromSearch, SEARCH_MAX, searchFromQuery } from "../lib/vehicles-query";
import { ACTIVE_FILTERS, VEHICLE_TYPES, type ActiveFilter, type Vehicle, type VehiclesQuery, type VehicleType } from "../types";

const SEARCH_DELAY_MS = 300;
type DialogState = { kind: "edit"; vehicle: Vehicle } | { kind: "add" } | { kind: "import" } | null;

/**
 * /admin/vehicles (SPEC §2, issue 14): the company's fleet, searched, filtered, sorted and paged by the
 * server; adding and editing in a modal; activation, deactivation and deletion with a confirmation;
 * import from CSV with a preview, and export.
 */
export function AdminVehiclesPage() {
  const { t } = useTranslation();
  const messages = useVehicleMessages();
  const [search, setSearch] = useSearchParams();
  const query = queryFromSearch(search);
  const vehicles = useVehicles(query);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [text, setText] = useState(query.search ?? "");
  const [exporting, setExporting] = useState(false);
  const settledText = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const go = useCallback((next: VehiclesQuery) => setSearch(searchFromQuery(next), { replace: true }), [setSearch]);

  // the search box asks the server once the typing pauses, from the first page
  useEffect(() => {
    if (settledText !== (query.search ?? "")) go({ ...query, search: settledText || undefined, page: 1 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a settled search moves the query
  }, [settledText]);

  // a page past the end (after a deletion, or an old link) goes to the last page that has vehicles
  const page = vehicles.data;
  useEffect(() => {
    if (page && page.vehicles.length === 0 && page.total > 0 && query.page > page.totalPages) go({ ...query, page: page.totalPages });
  }, [page, query, go]);

  /** Keyboard users go back to the row's actions button (or the heading when the row is gone) once a dialog or alert closes. */
  const returnFocus = (vehicle?: Vehicle) =>
    setTimeout(() => {
      const active = document.activeElement;
      if (active && active !== document.body) return;
      const button = vehicle ? document.querySelector<HTMLElement>(`[data-vehicle-actions="${CSS.escape(vehicle.id)}"]`) : null;
      (button ?? headingRef.current)?.focus();
    }, 200);

  const closeDialog = () => {
    const vehicle = dialog?.kind === "edit" ? dialog.vehicle : undefined;
    setDialog(null);
    returnFocus(vehicle);
  };

  async function setActive(vehicle: Vehicle, isActive: boolean, confirmed = false) {
    const number = vehicle.vehicleNumber;
    const verb = isActive ? "activate" : "deactivate";
    // SPEC §4 and issue 14: activating and deactivating need a confirmation
    const ok =
      confirmed ||
      (await confirm({ kind: "warning", title: t(`vehicles.${verb}.title`), text: t(`vehicles.${verb}.text`, { number }), confirmLabel: t(`vehicles.${verb}.confirm`) }));
    if (ok) {
      try {
        await updateVehicle(vehicle.id, { isActive, version: vehicle.version });
        toast.success(t(`vehicles.${verb}.done`, { number }));
        void refreshVehicles();
      } catch (failure) {
        toast.error(messages.errorMessage(failure, `vehicles.${verb}.failed`));
        if (codeOf(failure) === "record.stale") void refreshVehicles();
      }
    }
    returnFocus(vehicle);
  }

  async function remove(vehicle: Vehicle) {
    const number = vehicle.vehicleNumber;
    const ok = await confirm({ kind: "error", title: t("vehicles.delete.title"), text: t("vehicles.delete.text", { number }), confirmLabel: t("vehicles.delete.confirm") });
    if (!ok) return returnFocus(vehicle);
    try {
      await deleteVehicle(vehicle.id);
      toast.success(t("vehicles.delete.done", { number }));
      void refreshVehicles();
      returnFocus();
    } catch (failure) {
      if (codeOf(failure) !== "vehicle.referenced") {
        toast.error(messages.errorMessage(failure, "vehicles.delete.failed"));
        return returnFocus(vehicle);
      }
      // issue 14: a vehicle something references is not deleted; deactivating it is offered instead
      if (!vehicle.isActive) {
        await confirm({ kind: "info", title: t("vehicles.delete.referencedTitle"), text: t("vehicles.delete.referencedInactive", { number }), showCancel: false });
        return returnFocus(vehicle);
      }
      const deactivate = await confirm({
        kind: "warning",
        title: t("vehicles.delete.referencedTitle"),
        text: t("vehicles.delete.referencedText", { number }),
        confirmLabel: t("vehicles.deactivate.confirm"),
      });
      if (deactivate) await setActive(vehicle, false, true);
      else returnFocus(vehicle);
    }
  }

  const act = (action: VehicleAction, vehicle: Vehicle) => {
    if (action === "edit") setDialog({ kind: "edit", vehicle });
    else if (action === "status") void setActive(vehicle, !vehicle.isActive);
    else void remove(vehicle);
  };

  async function exportCsv() {
    setExporting(true);
    try {
      saveBlob(await exportVehicles(), datedFileName("vehicles", "csv"));
      toast.success(t("vehicles.export.done"));
    } catch (failure) {
      toast.error(messages.errorMessage(failure, "vehicles.export.failed"));
    } finally {
      setExporting(false);
    }
  }

  const filtered = Boolean(query.search || query.type || query.active !== "all");
  const clearFilters = () => {
    setText("");
    go({ ...query, search: undefined, type: undefined, active: "all", page: 1 });
  };

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8">
      <title>{t("vehicles.pageTitle")}</title>
      <nav aria-label={t("vehicles.breadcrumb")} className="text-sm">
        <Link to="/admin" className="font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
          {t("vehicles.adminLink")}
        </Link>
      </nav>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none">
            {t("vehicles.title")}
          </h1>
          <p className="mt-1 max-w-2xl text-slate-600">{t("vehicles.intro")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void exportCsv()} disabled={exporting}>
            {exporting ? t("vehicles.export.running") : t("vehicles.export.button")}
          </Button>
          <Button variant="secondary" onClick={() => setDialog({ kind: "import" })}>
            {t("vehicles.import.button")}
          </Button>
          <Button onClick={() => setDialog({ kind: "add" })}>{t("vehicles.add")}</Button>
        </div>
      </div>

      <section aria-labelledby="fleet-heading" className="flex flex-col gap-4">
        <h2 id="fleet-heading" className="sr-only">
          {t("vehicles.list.heading")}
        </h2>
        <div role="search" aria-label={t("vehicles.search.region")} className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] sm:items-start">
          <TextField label={t("vehicles.search.label")} description={t("vehicles.search.hint")} type="search" name="search" autoComplete="off" value={text} maxLength={SEARCH_MAX} onChange={(event) => setText(event.target.value)} />
          <SelectField label={t("vehicles.filters.status")} name="active" value={query.active} onChange={(event) => go({ ...query, active: event.target.value as ActiveFilter, page: 1 })}>
            {ACTIVE_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {t(`vehicles.filters.statuses.${filter}`)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("vehicles.filters.type")} name="type" value={query.type ?? ""} onChange={(event) => go({ ...query, type: (event.target.value || undefined) as VehicleType | undefined, page: 1 })}>
            <option value="">{t("vehicles.filters.allTypes")}</option>
            {VEHICLE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`vehicles.types.${type}`)}
              </option>
            ))}
          </SelectField>
        </div>

        {vehicles.error && !page ? (
          <Notice kind="error" onRetry={() => void vehicles.mutate()}>
            <p>{messages.errorMessage(vehicles.error, "vehicles.list.loadFailed")}</p>
          </Notice>
        ) : !page ? (
          <Spinner label={t("vehicles.list.loading")} />
        ) : page.total === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">
            {filtered ? (
              <>
                <p>{t("vehicles.list.noMatch")}</p>
                <Button size="sm" variant="secondary" className="mt-3" onClick={clearFilters}>
                  {t("vehicles.list.clearFilters")}
                </Button>
              </>
            ) : (
              <p>{t("vehicles.list.empty")}</p>
            )}
          </div>
        ) : (
          <>
            {vehicles.error ? <Notice kind="error">{messages.errorMessage(vehicles.error, "vehicles.list.loadFailed")}</Notice> : null}
            <VehicleTable vehicles={page.vehicles} query={query} busy={vehicles.isLoading} onSort={(column) => go(nextSort(query, column))} onAction={act} />
            <Pagination page={query.page} limit={query.limit} total={page.total} totalPages={page.totalPages} onPage={(next) => go({ ...query, page: next })} onLimit={(limit) => go({ ...query, limit, page: 1 })} />
          </>
        )}
      </section>

      <VehicleFormDialog
        vehicle={dialog?.kind === "add" ? "new" : dialog?.kind === "edit" ? dialog.vehicle : null}
        onClose={closeDialog}
        onSaved={(vehicle, created) => {
          closeDialog();
          toast.success(t(created ? "vehicles.form.created" : "vehicles.form.saved", { number: vehicle.vehicleNumber }));
          void refreshVehicles();
        }}
      />
      <ImportDialog
        open={dialog?.kind === "import"}
        onClose={closeDialog}
        onImported={(result) => {
          toast.success(t("vehicles.import.done", { created: result.created, updated: result.updated }));
          void refreshVehicles();
        }}
      />
    </div>
  );
}
