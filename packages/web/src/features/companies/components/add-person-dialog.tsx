import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { SEAT_ROLES } from "@fleetforms/core/user/roles";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/input";
import { toast } from "@/components/ui/toast-store";
import { ApiError } from "@/lib/api-client";
import { addSeat } from "../api/add-seat";
import { getAllCompanies } from "../api/get-all-companies";
import { getPeople } from "../api/get-people";
import { findAccount } from "../lib/find-account";
import { useCompanyMessages } from "../lib/messages";
import { personName } from "../lib/person-name";
import type { Company, SeatRole } from "../types";
import { SelectField } from "@/components/ui/form-controls";
import { Notice } from "@/components/ui/notice";

export function AddPersonDialog({ open, company, onClose, onAdded }: { open: boolean; company: Company; onClose: () => void; onAdded: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t("companies.people.add.title", { company: company.name })} description={t("companies.people.add.intro")}>
      {open ? <AddPersonForm company={company} onClose={onClose} onAdded={onAdded} /> : null}
    </Modal>
  );
}

type Progress = { searched: number; of: number } | null;

/**
 * There is no search across accounts, so the username or e-mail is looked for among the people of every
 * company (docs/api-admin.md's listing, a few companies at a time); what is not found there is tried as a
 * user id, which is how an account without any company is added. Then `POST /company/admin/seat`.
 */
function AddPersonForm({ company, onClose, onAdded }: { company: Company; onClose: () => void; onAdded: () => void }) {
  const { t } = useTranslation();
  const messages = useCompanyMessages();
  const [identifier, setIdentifier] = useState("");
  const [role, setRole] = useState<SeatRole>("user");
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string>();
  const [progress, setProgress] = useState<Progress>(null);
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    const text = identifier.trim();
    if (!text) return setFieldError(t("companies.people.add.identifierRequired"));
    setFieldError(undefined);
    setBusy(true);
    const controller = new AbortController();
    abort.current = controller;
    try {
      const companies = await getAllCompanies();
      // this company last: someone already in it is told so by the seat call
      const companyIds = [...companies.filter((entry) => entry.id !== company.id), company].map((entry) => entry.id);
      setProgress({ searched: 0, of: companyIds.length });
      const found = await findAccount(text, {
        companyIds,
        peopleOf: (companyId, q) => getPeople(companyId, { q, page: 1, pageSize: 100 }).then((page) => page.data),
        onProgress: (searched) => setProgress({ searched, of: companyIds.length }),
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      setProgress(null);
      await addSeat({ userId: found?.id ?? text, companyId: company.id, role });
      toast.success(t("companies.people.add.done", { name: found ? personName(found) : text, company: company.name, role: t(`companies.roles.${role}`) }));
      onAdded();
    } catch (failure) {
      if (controller.signal.aborted) return;
      setProgress(null);
      // neither a username or e-mail of anyone in a company, nor a user id
      if (failure instanceof ApiError && failure.code === "member.not_found") setFieldError(t("companies.people.add.notFound"));
      else setError(messages.errorMessage(failure, "companies.people.add.failed"));
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {error ? <Notice kind="error">{error}</Notice> : null}
      <TextField
        label={`${t("companies.people.add.identifier")} *`}
        description={t("companies.people.add.identifierHint")}
        name="identifier"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={254}
        value={identifier}
        error={fieldError}
        onChange={(event) => setIdentifier(event.target.value)}
      />
      <SelectField label={t("companies.people.roleLabel")} description={t(`companies.roleHints.${role}`)} name="role" value={role} onChange={(event) => setRole(event.target.value as SeatRole)}>
        {SEAT_ROLES.map((entry) => (
          <option key={entry} value={entry}>
            {t(`companies.roles.${entry}`)}
          </option>
        ))}
      </SelectField>
      {progress ? (
        <p role="status" className="text-sm text-slate-700">
          {t("companies.people.add.searching", { searched: progress.searched, of: progress.of })}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
        <Button variant="ghost" onClick={onClose}>
          {t("common.actions.cancel")}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? t("companies.people.add.saving") : t("companies.people.add.submit")}
        </Button>
      </div>
    </form>
  );
}
