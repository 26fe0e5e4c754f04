import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { SEAT_ROLES } from "@fleetforms/core/user/roles";
import { confirm } from "@/components/ui/alert-provider";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast-store";
import { updateRole } from "../api/update-role";
import { displayName } from "../lib/member-display";
import { useAdminMessages } from "../lib/messages";
import type { Member, SeatRole } from "../types";
import { SelectField } from "@/components/ui/form-controls";
import { Notice } from "@/components/ui/notice";

export function RoleDialog({ member, companyName, onClose, onChanged }: { member: Member | null; companyName: string; onClose: () => void; onChanged: (member: Member) => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={member !== null} onClose={onClose} title={member ? t("admin.users.role.title", { name: displayName(member) }) : ""}>
      {member ? <RoleBody key={member.id} member={member} companyName={companyName} onClose={onClose} onChanged={onChanged} /> : null}
    </Modal>
  );
}

/** SPEC §4: a new role is chosen, then confirmed in the alert dialog, then sent (`POST /user/updateRole`). */
function RoleBody({ member, companyName, onClose, onChanged }: { member: Member; companyName: string; onClose: () => void; onChanged: (member: Member) => void }) {
  const { t } = useTranslation();
  const messages = useAdminMessages();
  const [role, setRole] = useState<SeatRole>(member.role);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const name = displayName(member);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    if (role === member.role) return onClose();
    const from = t(`admin.roles.${member.role}`);
    const to = t(`admin.roles.${role}`);
    const confirmed = await confirm({
      kind: "warning",
      title: t("admin.users.role.confirmTitle"),
      text: t("admin.users.role.confirmText", { name, from, to, company: companyName }),
      confirmLabel: t("admin.users.role.confirm"),
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      const saved = await updateRole(member.id, role);
      toast.success(t("admin.users.role.done", { name, role: to }));
      onChanged(saved);
    } catch (failure) {
      setError(messages.errorMessage(failure, "admin.users.role.failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {error ? <Notice kind="error">{error}</Notice> : null}
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
          {busy ? t("admin.users.role.saving") : t("admin.users.role.submit")}
        </Button>
      </div>
    </form>
  );
}
