import { useId, type Dispatch, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CONDITION_OPS, FILE_TYPES, conditionsOf, localized, type Condition, type Element, type FormDefinition, type LocalizedText, type Option } from "@fleetforms/core/form/definition";
import { Button } from "@/components/ui/button";
import { DateInput } from "@/components/ui/date-input";
import { cn } from "@/lib/cn";
import { toLanguage } from "@/lib/i18n-options";
import { controlClasses } from "../components/field-shell";
import type { Lang } from "../types";
import { conditionTargets, OPTION_TYPES, type BuilderAction, type ElementPath, type NewElementTexts } from "./definition-reducer";

const smallInput = cn(controlClasses, "py-1.5");

function Field({ label, children, hint, className }: { label: string; children: (id: string, hintId?: string) => ReactNode; hint?: string; className?: string }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children(id, hintId)}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="inline-flex items-center gap-2 text-sm text-slate-800">
      <input type="checkbox" className="size-4 rounded border-slate-400" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}

const numberOrUndefined = (text: string) => (text.trim() === "" || Number.isNaN(Number(text)) ? undefined : Number(text));

/** The properties of the element picked in the outline, in plain words, both languages side by side. */
export function ElementEditor({ element, path, definition, dispatch, texts, lang, problems }: { element: Element; path: ElementPath; definition: FormDefinition; dispatch: Dispatch<BuilderAction>; texts: NewElementTexts; lang: Lang; problems: string[] }) {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage);
  const update = (patch: Record<string, unknown>) => dispatch({ type: "update", path, patch });
  const setText = (field: "label" | "help" | "itemLabel", language: "en" | "es", text: string) => dispatch({ type: "setLabel", path, field, lang: language, text });
  const typeName = t(`formDefinitionBuilder.types.${element.type}`);
  const e = element as Element & Record<string, unknown>;

  return (
    <section aria-labelledby="element-editor-heading" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <h3 id="element-editor-heading" className="text-base font-semibold text-slate-900">
        {t("formDefinitionBuilder.editor.heading", { type: typeName })}
      </h3>
      {problems.length ? (
        <ul className="list-disc rounded-md border border-red-300 bg-red-50 py-2 pr-3 pl-7 text-sm text-red-900">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t("formDefinitionBuilder.editor.labelEn")}>
          {(id) => <input id={id} className={smallInput} value={element.label.en} onChange={(event) => setText("label", "en", event.target.value)} />}
        </Field>
        <Field label={t("formDefinitionBuilder.editor.labelEs")}>
          {(id) => <input id={id} lang="es" className={smallInput} value={element.label.es ?? ""} onChange={(event) => setText("label", "es", event.target.value)} />}
        </Field>
        <Field label={t("formDefinitionBuilder.editor.helpEn")}>
          {(id) => <input id={id} className={smallInput} value={element.help?.en ?? ""} onChange={(event) => setText("help", "en", event.target.value)} />}
        </Field>
        <Field label={t("formDefinitionBuilder.editor.helpEs")}>
          {(id) => <input id={id} lang="es" className={smallInput} value={element.help?.es ?? ""} onChange={(event) => setText("help", "es", event.target.value)} />}
        </Field>
        {element.type !== "section" ? (
          <Field label={t("formDefinitionBuilder.editor.name")} hint={t("formDefinitionBuilder.editor.nameHint")}>
            {(id, hintId) => (
              <input id={id} aria-describedby={hintId} className={cn(smallInput, "font-mono")} value={element.name} onChange={(event) => dispatch({ type: "rename", path, name: event.target.value.replace(/\s+/g, "") })} />
            )}
          </Field>
        ) : null}
      </div>

      {element.type !== "section" ? <Check label={t("formDefinitionBuilder.editor.required")} checked={element.required === true} onChange={(checked) => update({ required: checked || undefined })} /> : null}

      {element.type === "text" || element.type === "textarea" ? (
        <div className="grid gap-3 sm:grid-cols-3">
          {element.type === "text" ? (
            <Field label={t("formDefinitionBuilder.editor.minLength")}>
              {(id) => <input id={id} type="number" min={0} className={smallInput} value={String(e.minLength ?? "")} onChange={(event) => update({ minLength: numberOrUndefined(event.target.value) })} />}
            </Field>
          ) : (
            <Field label={t("formDefinitionBuilder.editor.rows")}>
              {(id) => <input id={id} type="number" min={1} max={40} className={smallInput} value={String(e.rows ?? "")} onChange={(event) => update({ rows: numberOrUndefined(event.target.value) })} />}
            </Field>
          )}
          <Field label={t("formDefinitionBuilder.editor.maxLength")}>
            {(id) => <input id={id} type="number" min={1} className={smallInput} value={String(e.maxLength ?? "")} onChange={(event) => update({ maxLength: numberOrUndefined(event.target.value) })} />}
          </Field>
        </div>
      ) : null}

      {element.type === "number" ? (
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label={t("formDefinitionBuilder.editor.min")}>
            {(id) => <input id={id} type="number" className={smallInput} value={String(element.min ?? "")} onChange={(event) => update({ min: numberOrUndefined(event.target.value) })} />}
          </Field>
          <Field label={t("formDefinitionBuilder.editor.max")}>
            {(id) => <input id={id} type="number" className={smallInput} value={String(element.max ?? "")} onChange={(event) => update({ max: numberOrUndefined(event.target.value) })} />}
          </Field>
          <Field label={t("formDefinitionBuilder.editor.unit")}>
            {(id) => <input id={id} className={smallInput} maxLength={20} value={element.unit ?? ""} onChange={(event) => update({ unit: event.target.value })} />}
          </Field>
          <Check label={t("formDefinitionBuilder.editor.integer")} checked={element.integer === true} onChange={(checked) => update({ integer: checked || undefined })} />
        </div>
      ) : null}

      {element.type === "date" ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t("formDefinitionBuilder.editor.minDate")}>
            {(id) => <DateInput id={id} lang={language} value={element.min ?? ""} onChange={(next) => update({ min: next || undefined })} />}
          </Field>
          <Field label={t("formDefinitionBuilder.editor.maxDate")}>
            {(id) => <DateInput id={id} lang={language} value={element.max ?? ""} onChange={(next) => update({ max: next || undefined })} />}
          </Field>
        </div>
      ) : null}

      {element.type === "select" ? <Check label={t("formDefinitionBuilder.editor.multipleAnswers")} checked={element.multiple === true} onChange={(checked) => update({ multiple: checked || undefined })} /> : null}
      {element.type === "yesno" ? <Check label={t("formDefinitionBuilder.editor.allowNotApplicable")} checked={element.allowNotApplicable === true} onChange={(checked) => update({ allowNotApplicable: checked || undefined })} /> : null}
      {/* issue 42: a "No" to a defect question is a defect on the inspected vehicle, and may take it out of service */}
      {element.type === "yesno" ? <Check label={t("formDefinitionBuilder.editor.defectQuestion")} checked={!!element.defectIf?.includes("no") || !!element.outOfServiceIf?.includes("no")} onChange={(checked) => update({ defectIf: checked ? ["no"] : undefined, outOfServiceIf: checked ? element.outOfServiceIf : undefined })} /> : null}
      {element.type === "yesno" && (element.defectIf?.includes("no") || element.outOfServiceIf?.includes("no")) ? (
        <Check label={t("formDefinitionBuilder.editor.outOfService")} checked={!!element.outOfServiceIf?.includes("no")} onChange={(checked) => update({ outOfServiceIf: checked ? ["no"] : undefined })} />
      ) : null}

      {element.type === "photo" || element.type === "file" ? (
        <div className="flex flex-col gap-3">
          <Check label={t("formDefinitionBuilder.editor.multipleFiles")} checked={element.multiple === true} onChange={(checked) => update({ multiple: checked || undefined, maxFiles: checked ? element.maxFiles : undefined })} />
          {element.multiple ? (
            <Field label={t("formDefinitionBuilder.editor.maxFiles")} className="max-w-40">
              {(id) => <input id={id} type="number" min={1} max={20} className={smallInput} value={String(element.maxFiles ?? "")} onChange={(event) => update({ maxFiles: numberOrUndefined(event.target.value) })} />}
            </Field>
          ) : null}
          {element.type === "file" ? (
            <fieldset className="flex flex-col gap-1">
              <legend className="text-sm font-medium text-slate-800">{t("formDefinitionBuilder.editor.accept")}</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                {FILE_TYPES.map((type) => (
                  <Check
                    key={type}
                    label={type}
                    checked={element.accept?.includes(type) ?? false}
                    onChange={(checked) => {
                      const next = new Set(element.accept ?? []);
                      if (checked) next.add(type);
                      else next.delete(type);
                      update({ accept: next.size ? FILE_TYPES.filter((entry) => next.has(entry)) : undefined });
                    }}
                  />
                ))}
              </div>
              <p className="text-xs text-slate-600">{t("formDefinitionBuilder.editor.acceptHint")}</p>
            </fieldset>
          ) : null}
        </div>
      ) : null}

      {element.type === "group" ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t("formDefinitionBuilder.editor.itemLabelEn")}>
            {(id) => <input id={id} className={smallInput} value={element.itemLabel?.en ?? ""} onChange={(event) => setText("itemLabel", "en", event.target.value)} />}
          </Field>
          <Field label={t("formDefinitionBuilder.editor.itemLabelEs")}>
            {(id) => <input id={id} lang="es" className={smallInput} value={element.itemLabel?.es ?? ""} onChange={(event) => setText("itemLabel", "es", event.target.value)} />}
          </Field>
          <Field label={t("formDefinitionBuilder.editor.minItems")}>
            {(id) => <input id={id} type="number" min={0} className={smallInput} value={String(element.minItems ?? "")} onChange={(event) => update({ minItems: numberOrUndefined(event.target.value) })} />}
          </Field>
          <Field label={t("formDefinitionBuilder.editor.maxItems")}>
            {(id) => <input id={id} type="number" min={1} className={smallInput} value={String(element.maxItems ?? "")} onChange={(event) => update({ maxItems: numberOrUndefined(event.target.value) })} />}
          </Field>
        </div>
      ) : null}

      {OPTION_TYPES.includes(element.type) ? <OptionsEditor element={element as Element & { options?: Option[] }} path={path} dispatch={dispatch} texts={texts} /> : null}

      <VisibilityEditor element={element} path={path} definition={definition} dispatch={dispatch} lang={lang} />
    </section>
  );
}

function OptionsEditor({ element, path, dispatch, texts }: { element: Element & { options?: Option[]; defectIf?: string[]; outOfServiceIf?: string[] }; path: ElementPath; dispatch: Dispatch<BuilderAction>; texts: NewElementTexts }) {
  const { t } = useTranslation();
  const options = element.options ?? [];
  // an out-of-service answer is a defect too
  const flagged = { defect: new Set([...(element.defectIf ?? []), ...(element.outOfServiceIf ?? [])]), outOfService: new Set(element.outOfServiceIf ?? []) };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-semibold text-slate-900">{t("formDefinitionBuilder.options.heading")}</legend>
      {element.type === "checkbox" && options.length === 0 ? <p className="text-sm text-slate-600">{t("formDefinitionBuilder.options.singleCheckbox")}</p> : null}
      {options.length ? (
        <ol className="flex flex-col gap-2">
          {options.map((option, index) => {
            const name = option.label.en || option.value || String(index + 1);
            return (
              <li key={index} className="grid grid-cols-1 items-end gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[1fr_1fr_1fr_auto]">
                <Field label={t("formDefinitionBuilder.options.labelEn", { number: index + 1 })}>
                  {(id) => <input id={id} className={smallInput} value={option.label.en} onChange={(event) => dispatch({ type: "updateOption", path, index, lang: "en", label: event.target.value })} />}
                </Field>
                <Field label={t("formDefinitionBuilder.options.labelEs", { number: index + 1 })}>
                  {(id) => <input id={id} lang="es" className={smallInput} value={option.label.es ?? ""} onChange={(event) => dispatch({ type: "updateOption", path, index, lang: "es", label: event.target.value })} />}
                </Field>
                <Field label={t("formDefinitionBuilder.options.value", { number: index + 1 })}>
                  {(id) => <input id={id} className={cn(smallInput, "font-mono")} value={option.value} onChange={(event) => dispatch({ type: "updateOption", path, index, value: event.target.value })} />}
                </Field>
                <div className="flex gap-1">
                  <Button variant="ghost" size="sm" disabled={index === 0} onClick={() => dispatch({ type: "moveOption", path, index, offset: -1 })} aria-label={t("formDefinitionBuilder.options.moveUp", { name })}>
                    ↑
                  </Button>
                  <Button variant="ghost" size="sm" disabled={index === options.length - 1} onClick={() => dispatch({ type: "moveOption", path, index, offset: 1 })} aria-label={t("formDefinitionBuilder.options.moveDown", { name })}>
                    ↓
                  </Button>
                  <Button variant="ghost" size="sm" disabled={options.length <= 1 && element.type !== "checkbox"} onClick={() => dispatch({ type: "removeOption", path, index })} aria-label={t("formDefinitionBuilder.options.remove", { name })}>
                    ✕
                  </Button>
                </div>
                {/* issue 42: choosing this option reports a defect on the inspected vehicle, and may take it out of service */}
                <div className="flex flex-wrap gap-x-4 gap-y-1 sm:col-span-4">
                  <Check label={t("formDefinitionBuilder.options.defect", { name })} checked={flagged.defect.has(option.value)} onChange={(on) => dispatch({ type: "setOptionFlag", path, index, flag: "defect", on })} />
                  {flagged.defect.has(option.value) ? (
                    <Check label={t("formDefinitionBuilder.options.outOfService", { name })} checked={flagged.outOfService.has(option.value)} onChange={(on) => dispatch({ type: "setOptionFlag", path, index, flag: "outOfService", on })} />
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      <div>
        <Button variant="secondary" size="sm" onClick={() => dispatch({ type: "addOption", path, texts })}>
          {t("formDefinitionBuilder.options.add")}
        </Button>
      </div>
    </fieldset>
  );
}

const VALUELESS = new Set<Condition["op"]>(["answered", "notAnswered"]);
const LISTS = new Set<Condition["op"]>(["in", "notIn"]);

/** "Show this only when …": one condition on another answer; anything richer is edited in the JSON. */
function VisibilityEditor({ element, path, definition, dispatch, lang }: { element: Element; path: ElementPath; definition: FormDefinition; dispatch: Dispatch<BuilderAction>; lang: Lang }) {
  const { t } = useTranslation();
  const targets = conditionTargets(definition, path);
  const visibility = element.visibleIf;
  const advanced = visibility && ("all" in visibility || "any" in visibility);
  const condition = visibility && !advanced ? conditionsOf(visibility)[0] : undefined;
  const target = targets.find((entry) => entry.name === condition?.field);
  const set = (next: Condition | undefined) => dispatch({ type: "setVisibility", path, visibleIf: next });
  const choices: { value: string; label: LocalizedText }[] | undefined = target
    ? "options" in target.element && target.element.options
      ? target.element.options
      : target.element.type === "yesno"
        ? [
            { value: "yes", label: { en: t("forms.renderer.yes") } },
            { value: "no", label: { en: t("forms.renderer.no") } },
            { value: "na", label: { en: t("forms.renderer.na") } },
          ]
        : undefined
    : undefined;
  const typed = (text: string): string | number | boolean => {
    if (target?.element.type === "number" && text.trim() !== "" && !Number.isNaN(Number(text))) return Number(text);
    if (target?.element.type === "checkbox" && !("options" in target.element && target.element.options)) return text === "true";
    return text;
  };
  const valueText = condition?.value === undefined ? "" : Array.isArray(condition.value) ? condition.value.join(", ") : String(condition.value);

  return (
    <fieldset className="flex flex-col gap-2 rounded-md bg-slate-50 p-3">
      <legend className="text-sm font-semibold text-slate-900">{t("formDefinitionBuilder.visibility.heading")}</legend>
      {advanced ? (
        <p className="text-sm text-slate-700">{t("formDefinitionBuilder.visibility.advanced")}</p>
      ) : (
        <div className="grid gap-2 sm:grid-cols-3">
          <Field label={t("formDefinitionBuilder.visibility.field")}>
            {(id) => (
              <select
                id={id}
                className={smallInput}
                value={condition?.field ?? ""}
                onChange={(event) => (event.target.value ? set({ field: event.target.value, op: condition?.op ?? "answered", ...(condition?.op && !VALUELESS.has(condition.op) ? { value: condition.value } : {}) }) : set(undefined))}
              >
                <option value="">{t("formDefinitionBuilder.visibility.always")}</option>
                {targets.map((entry) => (
                  <option key={entry.name} value={entry.name}>
                    {localized(entry.label, lang)} ({entry.name})
                  </option>
                ))}
              </select>
            )}
          </Field>
          {condition ? (
            <Field label={t("formDefinitionBuilder.visibility.op")}>
              {(id) => (
                <select
                  id={id}
                  className={smallInput}
                  value={condition.op}
                  onChange={(event) => {
                    const op = event.target.value as Condition["op"];
                    set(VALUELESS.has(op) ? { field: condition.field, op } : { field: condition.field, op, value: condition.value ?? (choices?.[0]?.value ?? "") });
                  }}
                >
                  {CONDITION_OPS.map((op) => (
                    <option key={op} value={op}>
                      {t(`formDefinitionBuilder.visibility.ops.${op}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : null}
          {condition && !VALUELESS.has(condition.op) ? (
            <Field label={t("formDefinitionBuilder.visibility.value")} hint={LISTS.has(condition.op) ? t("formDefinitionBuilder.visibility.listHint") : undefined}>
              {(id, hintId) =>
                choices && !LISTS.has(condition.op) ? (
                  <select id={id} className={smallInput} value={valueText} onChange={(event) => set({ ...condition, value: event.target.value })}>
                    {choices.map((choice) => (
                      <option key={choice.value} value={choice.value}>
                        {localized(choice.label, lang)}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    id={id}
                    aria-describedby={hintId}
                    className={smallInput}
                    value={valueText}
                    onChange={(event) =>
                      set({
                        ...condition,
                        value: LISTS.has(condition.op)
                          ? event.target.value
                              .split(",")
                              .map((part) => part.trim())
                              .filter(Boolean)
                              .map((part) => typed(part) as string | number)
                          : typed(event.target.value),
                      })
                    }
                  />
                )
              }
            </Field>
          ) : null}
        </div>
      )}
      {targets.length === 0 && !condition ? <p className="text-xs text-slate-600">{t("formDefinitionBuilder.visibility.noTargets")}</p> : null}
    </fieldset>
  );
}
