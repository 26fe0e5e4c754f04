import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { API_SCOPES, KEY_MESSAGES, type ApiScope } from "@fleetforms/core/apikey/scopes";
import { Button } from "@/components/ui/button";
import { DateField } from "@/components/ui/date-input";
import { Modal } from "@/components/ui/dialog";
import { CheckboxField } from "@/components/ui/form-controls";
import { TextField } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { ApiError } from "@/lib/api-client";
import { createKey } from "../api/create-key";
import { refreshKeys } from "../api/keys";
import { FIELD_MESSAGE_KEYS, useIntegrationMessages } from "../lib/messages";

type Errors = Partial<Record<"name" | "scopes" | "expiresAt", string>>;

/** Name, permissions and an optional last day; on success the secret is handed up to be shown once. */
export function CreateKeyDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (secret: string, name: string) => void }) {
  const { t } = useTranslation();
  const messages = useIntegrationMessages();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [expiresAt, setExpiresAt] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);
  const translated = (message: string | undefined) => (message ? t(FIELD_MESSAGE_KEYS.get(message) ?? message) : undefined);

  function close() {
    setName("");
    setScopes([]);
    setExpiresAt("");
    setErrors({});
    setFailure(undefined);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    if (!name.trim() || name.trim().length > 100) found.name = translated(KEY_MESSAGES.name);
    if (!scopes.length) found.scopes = translated(KEY_MESSAGES.scopes);
    setErrors(found);
    if (Object.keys(found).length || saving) return;
    setSaving(true);
    setFailure(undefined);
    try {
      const made = await createKey({ name: name.trim(), scopes, ...(expiresAt ? { expiresAt } : {}) });
      void refreshKeys();
      close();
      onCreated(made.secret, made.key.name);
    } catch (caught) {
      const fields = caught instanceof ApiError ? caught.fieldErrors : undefined;
      if (fields && Object.keys(fields).length) setErrors({ name: translated(fields.name?.[0]), scopes: translated(fields.scopes?.[0]), expiresAt: translated(fields.expiresAt?.[0]) });
      else setFailure(messages.errorMessage(caught, "integrations.create.failed"));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal open={open} onClose={close} title={t("integrations.create.title")} description={t("integrations.create.intro")}>
      <form className="mt-4 flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
        <TextField label={t("integrations.create.name")} description={t("integrations.create.nameHint")} value={name} maxLength={100} onChange={(event) => setName(event.target.value)} error={errors.name} autoComplete="off" />
        <fieldset aria-describedby={errors.scopes ? "key-scopes-error" : undefined}>
          <legend className="text-sm font-medium text-slate-800">{t("integrations.create.scopes")}</legend>
          <div className="mt-2 flex flex-col gap-2">
            {API_SCOPES.map((scope) => (
              <CheckboxField
                key={scope}
                label={t(`integrations.scopes.${scope.replace(":", "_")}`)}
                checked={scopes.includes(scope)}
                onChange={(event) => setScopes((current) => (event.target.checked ? [...current, scope] : current.filter((item) => item !== scope)))}
              />
            ))}
          </div>
          {errors.scopes ? (
            <p id="key-scopes-error" className="mt-1 text-sm text-red-700">
              {errors.scopes}
            </p>
          ) : null}
        </fieldset>
        <DateField label={t("integrations.create.expiresAt")} description={t("integrations.create.expiresAtHint")} value={expiresAt} onChange={setExpiresAt} error={errors.expiresAt} />
        {failure ? <Notice kind="error">{failure}</Notice> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            {t("common.actions.cancel")}
          </Button>
          <Button type="submit" disabled={saving}>
            {t("integrations.create.submit")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
