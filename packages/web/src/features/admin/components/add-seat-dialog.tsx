import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { SEAT_ROLES } from "@fleetforms/core/user/roles";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast-store";
import { addSeat } from "../api/add-seat";
import { useAllCompanies } from "../api/get-all-companies";
import { displayName } from "../lib/member-display";
import { useAdminMessages } from "../lib/messages";
import type { CompanyOption, Member, SeatRole } from "../types";
import { SelectField } from "@/components/ui/form-controls";
import { Notice } from "@/components/ui/notice";

export function AddSeatDialog({ member, onClose, onAdded }: { member: Member | null; onClose: () => void; onAdded: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={member !== null}
      onClose={onClose}
      title={member ? t("admin.users.seat.title", { name: displayName(member) }) : ""}
      description={member ? t("admin.users.seat.intro", { name: displayName(member) }) : undefined}
    >
      {member ? <AddSeatLoader key={member.id} member={member} onClose={onClose} onAdded={onAdded} /> : null}
    </Modal>
  );
}

/** The companies the person can join: every one but the company whose list the row is in. */
function AddSeatLoader({ member, onClose, onAdded }: { member: Member; onClose: () => void; onAdded: () => void }) {
  const { t, i18n } = useTranslation();
  const messages = useAdminMessages();
  const companies = useAllCompanies();
  if (companies.error && !companies.data) {
    return (
      <div className="flex flex-col gap-4">
        <Notice kind="error">{messages.errorMessage(companies.error, "admin.users.seat.loadFailed")}</Notice>
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={onClose}>
            {t("common.actions.cancel")}
          </Button>
          <Button variant="secondary" onClick={() => void companies.mutate()}>
            {t("common.actions.retry")}
          </Button>
        </div>
      </div>
    );
  }
  if (!companies.data) return <Spinner label={t("admin.users.seat.loading")} />;
  const others = companies.data.filter((company) => company.id !== member.companyId).sort((a, b) => a.name.localeCompare(b.name, i18n.resolvedLanguage));
  if (others.length === 0) {
    return (
      <div className="flex flex-col gap-4">
        <Notice kind="info">{t("admin.users.seat.noCompanies")}</Notice>
        <div className="flex justify-end">
          <Button variant="ghost" onClick={onClose}>
            {t("common.actions.cancel")}
          </Button>
        </div>
      </div>
    );
  }
  return <AddSeatForm member={member} companies={others} onClose={onClose} onAdded={onAdded} />;
}

/** `POST /company/admin/seat {userId, companyId, role}`: the account, its other companies and this seat stay as they are. */
function AddSeatForm({ member, companies, onClose, onAdded }: { member: Member; companies: CompanyOption[]; onClose: () => void; onAdded: () => void }) {
  const { t } = useTranslation();
  const messages = useAdminMessages();
  const [companyId, setCompanyId] = useState("");
  const [role, setRole] = useState<SeatRole>("user");
  const [companyError, setCompanyError] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const name = displayName(member);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    const company = companies.find((entry) => entry.id === companyId);
    if (!company) return setCompanyError(t("admin.users.seat.companyRequired"));
    setCompanyError(undefined);
    setBusy(true);
    try {
      await addSeat({ userId: member.id, companyId: company.id, role });
      toast.success(t("admin.users.seat.done", { name, company: company.name, role: t(`admin.roles.${role}`) }));
      onAdded();
    } catch (failure) {
      setError(messages.errorMessage(failure, "admin.users.seat.failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {error ? <Notice kind="error">{error}</Notice> : null}
      <SelectField label={t("admin.users.seat.company")} name="companyId" required value={companyId} error={companyError} onChange={(event) => setCompanyId(event.target.value)}>
        <option value="">{t("admin.users.seat.chooseCompany")}</option>
        {companies.map((company) => (
          <option key={company.id} value={company.id}>
            {company.name}
          </option>
        ))}
      </SelectField>
      <SelectField label={t("admin.fields.role")} description={t(`admin.roleHints.${role}`)} name="role" value={role} onChange={(event) => setRole(event.target.value as SeatRole)}>
        {SEAT_ROLES.map((entry) => (
          <option key={entry} value={entry}>
            {t(`admin.roles.${entry}`)}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
        <Button variant="ghost" onClick={onClose}>
          {t("common.actions.cancel")}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? t("admin.users.seat.saving") : t("admin.users.seat.submit")}
        </Button>
      </div>
    </form>
  );
}
