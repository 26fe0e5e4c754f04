import { getRecord, pruneRecords, putRecord, recordsOf, scopedKey, type DeviceRecord, type PersonScope } from "@/lib/device-db";
import { getForm } from "../api/get-form";
import { getForms } from "../api/get-forms";
import { fillBlock } from "../lib/form-state";
import type { Form, Role } from "../types";

/**
 * The forms a person may fill, with their definitions, kept on the device per person and company
 * (issue 20): stored after sign-in and refreshed while online, so any of them opens without a signal.
 */
export interface StoredForm extends DeviceRecord {
  formId: number;
  form: Form;
  savedAt: number;
}

export async function keepForm(scope: PersonScope, form: Form, now = Date.now()): Promise<void> {
  await putRecord<StoredForm>("forms", { key: scopedKey(scope, form.id), ...scope, formId: form.id, form, savedAt: now });
}

export async function storedForm(scope: PersonScope, formId: number): Promise<Form | undefined> {
  return (await getRecord<StoredForm>("forms", scopedKey(scope, formId)))?.form;
}

export async function storedForms(scope: PersonScope): Promise<Form[]> {
  return (await recordsOf<StoredForm>("forms", scope)).map((record) => record.form).sort((a, b) => a.name.localeCompare(b.name));
}

export interface RefreshSteps {
  list: () => Promise<Form[]>;
  one: (formId: number) => Promise<Form>;
}

const defaultSteps: RefreshSteps = { list: () => getForms(), one: getForm };

/**
 * Replaces the stored forms with the ones the person may fill now (a form closed or unassigned since is
 * dropped). A failed list keeps what is stored: the list call answers [] when the server fails and throws
 * without a connection.
 */
export async function refreshStoredForms(scope: PersonScope, role: Role | null, steps: RefreshSteps = defaultSteps, now = Date.now()): Promise<number> {
  const listed = await steps.list();
  if (!listed.length) return 0;
  const fillable = listed.filter((form) => !fillBlock(form, role));
  const kept = new Set<number>();
  // a few at a time: a company's forms are dozens, not thousands
  for (let i = 0; i < fillable.length; i += 4) {
    const batch = await Promise.allSettled(fillable.slice(i, i + 4).map((form) => steps.one(form.id)));
    for (const result of batch) {
      if (result.status !== "fulfilled") continue;
      await keepForm(scope, result.value, now);
      kept.add(result.value.id);
    }
  }
  await pruneRecords<StoredForm>("forms", scope, (record) => fillable.some((form) => form.id === record.formId));
  return kept.size;
}
