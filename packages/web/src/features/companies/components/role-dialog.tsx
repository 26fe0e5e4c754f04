import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { SEAT_ROLES } from "@fleetforms/core/user/roles";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast-store";
import { updateSeat } from "../api/update-seat";
import { useCompanyMessages } from "../lib/messages";
import { personName } from "../lib/person-name";
import type { Company, Person, SeatRole } from "../types";
import { SelectField } from "@/components/ui/form-controls";
import { Notice } from "@/components/ui/notice";

/** `PATCH /company/admin/seat/{seatId}`: the seat's role in this company. */
export function RoleDialog({ person, company, onClose, onChanged }: { person: Person | null; company: Company; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={person !== null} onClose={onClose} title={person ? t("companies.people.roleDialog.title", { name: personName(person) }) : ""}>
      {person ? <RoleForm key={person.seatId} person={person} company={company} onClose={onClose} onChanged={onChanged} /> : null}
    </Modal>
  );
}

function RoleForm({ person, company, onClose, onChanged }: { person: Person; company: Company; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  const messages = useCompanyMessages();
  const [role, setRole] = useState<SeatRole>(person.role);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (role === person.role) return onClose();
    setError(undefined);
    setBusy(true);
    try {
      await updateSeat(person.seatId, role);
      toast.success(t("companies.people.roleDialog.done", { name: personName(person), company: company.name, role: t(`companies.roles.${role}`) }));
      onChanged();
    } catch (failure) {
      setError(messages.errorMessage(failure, "companies.people.roleDialog.failed"));
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {error ? <Notice kind="error">{error}</Notice> : null}
      <SelectField label={t("companies.people.roleLabel")} description={t(`companies.roleHints.${role}`)} name="role" value={role} onChange={(event) => setRole(event.target.value as SeatRole)}>
        {SEAT_ROLES.map((entry) => (
          <option key={entry} value={entry}>
            {t(`companies.roles.${entry}`)}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
        <Button variant="ghost" onClick={onClose}>
          {t("common.actions.cancel")}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? t("companies.people.roleDialog.saving") : t("companies.people.roleDialog.submit")}
        </Button>
      </div>
    </form>
  );
}
