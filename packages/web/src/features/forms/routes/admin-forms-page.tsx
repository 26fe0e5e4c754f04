import { useCallback, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { fallsBackTo, FORM_LANGS, FormLink, FORM_STATUSES, type FormLang, type PerLanguage } from "@fleetforms/core/form/fields";
import type { FormDefinition } from "@fleetforms/core/form/definition";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Modal } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast-store";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { toLanguage } from "@/lib/i18n-options";
import { textIn, useTextIn } from "@/lib/in-language";
import { useCompanyUsers } from "../api/get-company-users";
import { useForms } from "../api/get-forms";
import { saveForm } from "../api/save-form";
import { FormDefinitionBuilder } from "../builder/form-definition-builder";
import { TemplateBuilder } from "../builder/template-builder";
import { controlClasses } from "../components/field-shell";
import { StateBadge } from "../components/state-badge";
import { formStateOf } from "../lib/form-state";
import type { Form, FormFieldsInput, Role } from "../types";

export interface AdminFormsPageProps {
  role: Role | null;
  /** SPEC §5: saving a definition or a template needs an access token */
  accessToken: string | null;
}

const ASSIGNABLE_ROLES: Role[] = ["user", "orgadmin", "viewer"];
const FLAGS = ["supportsAmendments", "canBeShared", "needsApproval", "supportsAdditionalResponses"] as const;

const emptyFields = (): FormFieldsInput => ({
  names: { en: "", es: "" },
  descriptions: { en: "", es: "" },
  link: "",
  supportsAmendments: true,
  canBeShared: false,
  needsApproval: false,
  supportsAdditionalResponses: true,
  // a new form is a draft until it is ready: drivers do not see it
  isActive: true,
  status: "draft",
  assignedRoles: [],
  assignedUserIds: [],
});

const fieldsOf = (form: Form): FormFieldsInput => ({
  names: form.names ?? { en: form.name, es: form.name },
  descriptions: form.descriptions ?? { en: form.description ?? "", es: form.description ?? "" },
  link: form.link ?? "",
  supportsAmendments: form.supportsAmendments,
  canBeShared: form.canBeShared,
  needsApproval: form.needsApproval,
  supportsAdditionalResponses: form.supportsAdditionalResponses,
  // one state: a switched-off form is a draft (SPEC §4), so it is shown and saved as one
  isActive: true,
  status: form.isActive ? form.status : "draft",
  assignedRoles: form.assignedRoles ?? [],
  assignedUserIds: form.assignedUserIds ?? [],
});

/**
 * /admin/forms: an administrator creates forms, sets their fields and flags
 * (SPEC §3 Form) and opens the definition and template builders. The admin
 * area's frame belongs to the admin issue; this is its forms section.
 */
export function AdminFormsPage({ role, accessToken }: AdminFormsPageProps) {
  const { t, i18n } = useTranslation();
  const { data, isLoading, mutate } = useForms({ activeOnly: false });
  const textIn = useTextIn();
  const lang = toLanguage(i18n.resolvedLanguage);
  const forms = (data ?? []).map((form) => ({ ...form, name: textIn(form.names, form.name) }));
  const [editing, setEditing] = useState<Form | "new" | null>(null);
  const [definitionId, setDefinitionId] = useState(-1);
  const [templateId, setTemplateId] = useState(-1);
  const nameOf = (id: number) => forms.find((form) => form.id === id)?.name;
  const closeDefinition = useCallback(() => setDefinitionId(-1), []);
  const closeTemplate = useCallback(() => setTemplateId(-1), []);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <title>{t("forms.admin.pageTitle")}</title>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("forms.admin.title")}</h1>
          <p className="mt-1 text-slate-600">{t("forms.admin.intro")}</p>
        </div>
        <Button onClick={() => setEditing("new")}>{t("forms.admin.new")}</Button>
      </div>

      {isLoading ? (
        <Spinner label={t("forms.list.loading")} />
      ) : forms.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">{t("forms.admin.empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">{t("forms.admin.caption")}</caption>
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">{t("forms.admin.columns.name")}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t("forms.admin.columns.state")}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t("forms.admin.columns.flags")}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t("forms.admin.columns.submissions")}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t("forms.admin.columns.actions")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {forms.map((form) => (
                <tr key={form.id}>
                  <th scope="row" className="px-3 py-2 text-left font-semibold text-slate-900">
                    <Link to={`/forms/${form.id}`} className="underline-offset-2 hover:underline">
                      {form.name}
                    </Link>
                    <FallbackMark texts={form.names} lang={lang} />
                  </th>
                  <td className="px-3 py-2">
                    <StateBadge state={formStateOf(form, { role })} />
                  </td>
                  <td className="px-3 py-2 text-slate-700">
                    {FLAGS.filter((flag) => form[flag])
                      .map((flag) => t(`forms.admin.flagsShort.${flag}`))
                      .join(", ") || "—"}
                  </td>
                  <td className="px-3 py-2 text-slate-700">{form.submissionCount ?? 0}</td>
                  <td className="px-3 py-2">
                    <div className="flex flex-wrap gap-1">
                      <Button size="sm" variant="secondary" onClick={() => setEditing(form)} aria-label={t("forms.admin.editNamed", { name: form.name })}>
                        {t("forms.admin.edit")}
                      </Button>
                      <Button size="sm" variant="secondary" onClick={() => setDefinitionId(form.id)} aria-label={t("forms.admin.definitionNamed", { name: form.name })}>
                        {t("forms.admin.definition")}
                      </Button>
                      <Button size="sm" variant="secondary" onClick={() => setTemplateId(form.id)} aria-label={t("forms.admin.templateNamed", { name: form.name })}>
                        {t("forms.admin.template")}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <FormFieldsDialog
        form={editing}
        accessToken={accessToken}
        onClose={() => setEditing(null)}
        onSaved={(saved, created) => {
          void mutate();
          setEditing(null);
          const name = textIn(saved.names, saved.name);
          toast.success(created ? t("forms.admin.created", { name }) : t("forms.admin.saved", { name }));
        }}
      />
      <FormDefinitionBuilder id={definitionId} onClose={closeDefinition} onSaved={() => void mutate()} hasAccessToken={!!accessToken} formName={nameOf(definitionId)} />
      <TemplateBuilder id={templateId} onClose={closeTemplate} onSaved={() => void mutate()} hasAccessToken={!!accessToken} accessToken={accessToken} formName={nameOf(templateId)} />
    </div>
  );
}

/** Creates a form or edits its fields; a new form can get its definition built before it is saved (builder id 0). */
function FormFieldsDialog({ form, accessToken, onClose, onSaved }: { form: Form | "new" | null; accessToken: string | null; onClose: () => void; onSaved: (form: Form, created: boolean) => void }) {
  const { t } = useTranslation();
  const open = form !== null;
  return (
    <Modal open={open} onClose={onClose} size="2xl" title={form === "new" ? t("forms.admin.newTitle") : t("forms.admin.editTitle")}>
      {open ? <FormFieldsBody key={form === "new" ? "new" : form.id} form={form} accessToken={accessToken} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

function FormFieldsBody({ form, accessToken, onClose, onSaved }: { form: Form | "new"; accessToken: string | null; onClose: () => void; onSaved: (form: Form, created: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const isNew = form === "new";
  const [fields, setFields] = useState<FormFieldsInput>(() => (isNew ? emptyFields() : fieldsOf(form)));
  const [errors, setErrors] = useState<Partial<Record<keyof FormFieldsInput | "link" | "_", string>>>({});
  const [saving, setSaving] = useState(false);
  const [definition, setDefinition] = useState<FormDefinition | undefined>();
  const [builderId, setBuilderId] = useState(-1);
  const closeBuilder = useCallback(() => setBuilderId(-1), []);
  const set = <K extends keyof FormFieldsInput>(key: K, value: FormFieldsInput[K]) => {
    setFields((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const setText = (key: "names" | "descriptions", language: FormLang, value: string) => set(key, { ...fields[key], [language]: value });
  const trimmed = (texts: PerLanguage): PerLanguage => ({ en: texts.en.trim(), es: texts.es.trim() });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!fields.names.en.trim() && !fields.names.es.trim()) found.names = t("forms.admin.errors.name");
    // SPEC §5: the form link is an https URL (the server's own rule)
    if (!FormLink.safeParse(fields.link).success) found.link = t("forms.admin.errors.link");
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const body = { ...fields, names: trimmed(fields.names), descriptions: trimmed(fields.descriptions), link: fields.link.trim(), ...(isNew ? {} : { formId: form.id, version: form.version }), ...(isNew && definition ? { formDefinition: JSON.stringify(definition) } : {}) };
      const response = await saveForm(body);
      onSaved(response.data.form, isNew);
    } catch (error) {
      if (error instanceof ApiError) {
        const fieldErrors = error.fieldErrors ?? {};
        setErrors({ names: fieldErrors.name?.[0] ?? fieldErrors["names.en"]?.[0] ?? fieldErrors["names.es"]?.[0], link: fieldErrors.link ? t("forms.admin.errors.link") : undefined, _: error.message });
      } else setErrors({ _: t("common.errors.generic") });
    } finally {
      setSaving(false);
    }
  };

  const check = (key: (typeof FLAGS)[number]) => (
    <label key={key} className="flex items-start gap-2 text-sm text-slate-800">
      <input type="checkbox" className="mt-0.5 size-4 rounded border-slate-400" checked={fields[key]} onChange={(event) => set(key, event.target.checked)} />
      <span>
        <span className="font-medium">{t(`forms.admin.flags.${key}`)}</span>
        <span className="block text-xs text-slate-600">{t(`forms.admin.flagHints.${key}`)}</span>
      </span>
    </label>
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {errors._ ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {errors._}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {FORM_LANGS.map((language) => (
          <Field key={language} label={t(`forms.admin.fields.names.${language}`)} description={fallsBackTo(fields.names, language) ? <FallbackMark texts={fields.names} lang={language} explain /> : undefined} error={language === "en" ? errors.names : undefined}>
            {(props) => <input {...props} lang={language} className={controlClasses} value={fields.names[language]} maxLength={200} onChange={(event) => setText("names", language, event.target.value)} />}
          </Field>
        ))}
        {FORM_LANGS.map((language) => (
          <Field key={language} label={t(`forms.admin.fields.descriptions.${language}`)} description={fallsBackTo(fields.descriptions, language) ? <FallbackMark texts={fields.descriptions} lang={language} explain /> : undefined}>
            {(props) => <textarea {...props} lang={language} rows={2} className={controlClasses} value={fields.descriptions[language]} maxLength={2000} onChange={(event) => setText("descriptions", language, event.target.value)} />}
          </Field>
        ))}
      </div>
      <Field label={t("forms.admin.fields.link")} description={t("forms.admin.fields.linkHint")} error={errors.link}>
        {(props) => <input {...props} type="url" inputMode="url" placeholder="https://" className={controlClasses} value={fields.link} onChange={(event) => set("link", event.target.value)} />}
      </Field>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">{t("forms.admin.fields.flags")}</legend>
        {FLAGS.map(check)}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t("forms.admin.fields.status")} description={t(`forms.admin.statusHints.${fields.status}`)}>
          {(props) => (
            <select {...props} className={controlClasses} value={fields.status} onChange={(event) => set("status", event.target.value as FormFieldsInput["status"])}>
              {FORM_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`forms.admin.statuses.${status}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium text-slate-800">{t("forms.admin.fields.assignedRoles")}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {ASSIGNABLE_ROLES.map((entry) => (
              <label key={entry} className="inline-flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="size-4 rounded border-slate-400"
                  checked={fields.assignedRoles.includes(entry)}
                  onChange={(event) => set("assignedRoles", event.target.checked ? [...fields.assignedRoles, entry] : fields.assignedRoles.filter((role) => role !== entry))}
                />
                {t(`forms.admin.roles.${entry}`)}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <AssignedPeople selected={fields.assignedUserIds} onChange={(ids) => set("assignedUserIds", ids)} />
      {isNew ? (
        <div className={cn("flex flex-wrap items-center gap-3 rounded-md bg-slate-50 p-3 text-sm text-slate-800")}>
          <span>{definition ? t("forms.admin.definitionReady", { count: definition.body.length }) : t("forms.admin.definitionLater")}</span>
          <Button variant="secondary" size="sm" onClick={() => setBuilderId(0)}>
            {definition ? t("forms.admin.editNewDefinition") : t("forms.admin.buildNewDefinition")}
          </Button>
        </div>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
        <Button variant="ghost" onClick={onClose}>
          {t("common.actions.cancel")}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? t("forms.admin.saving") : isNew ? t("forms.admin.create") : t("common.actions.save")}
        </Button>
      </div>
      <FormDefinitionBuilder id={builderId} onClose={closeBuilder} initialDefinition={definition} onDone={(result) => setDefinition(result.definition)} hasAccessToken={!!accessToken} formName={textIn(fields.names, undefined, lang) || undefined} />
    </form>
  );
}

/**
 * Marks a text missing in a language (issue 19): readers of that language see the other one, so the
 * editor is told which, and with `explain`, what to do.
 */
function FallbackMark({ texts, lang, explain }: { texts: PerLanguage | undefined; lang: FormLang; explain?: boolean }) {
  const { t } = useTranslation();
  const other = texts ? fallsBackTo(texts, lang) : undefined;
  if (!other) return null;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{t(`forms.admin.fallsBackTo.${other}`)}</span>
      {explain ? <span className="text-xs text-slate-600">{t(`forms.admin.fallbackHint.${lang}`)}</span> : null}
    </span>
  );
}

/** The people a form is assigned to (it shows as "assigned" for them); the company's users from GET /user/getUsersbyCompany. */
function AssignedPeople({ selected, onChange }: { selected: string[]; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation();
  const users = useCompanyUsers(true);
  const list = users.data ?? [];
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium text-slate-800">{t("forms.admin.fields.assignedUsers")}</legend>
      {users.isLoading ? (
        <Spinner />
      ) : users.error ? (
        <p className="text-sm text-slate-600">{t("forms.admin.usersUnavailable")}</p>
      ) : (
        <div className="grid max-h-40 gap-1 overflow-y-auto rounded-md border border-slate-200 p-2 sm:grid-cols-2">
          {list.map((user) => (
            <label key={user.id} className="inline-flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="size-4 rounded border-slate-400"
                checked={selected.includes(user.id)}
                onChange={(event) => onChange(event.target.checked ? [...selected, user.id] : selected.filter((id) => id !== user.id))}
              />
              {[user.firstName, user.lastName].filter(Boolean).join(" ") || user.username} <span className="text-xs text-slate-600">({user.username})</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
