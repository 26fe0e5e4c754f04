import { localized, type FieldElement } from "@fleetforms/core/form/definition";
import { DateInput } from "@/components/ui/date-input";
import { cn } from "@/lib/cn";
import { errorKey as keyOf, fieldId, getAt, setAt, type ValuePath } from "../lib/value-path";
import { controlClasses, FieldErrors, FieldShell, HelpText, RequiredMark, useFieldIds } from "./field-shell";
import { useFormTranslation, useRenderer } from "./renderer-context";
import { AssetField } from "./asset-field";
import { SignatureField } from "./signature-field";
import { VehicleField } from "./vehicle-field";

/** A choice's whole label is its target: at least 44×44 px on a phone (issue 19), the compact line on wider screens. */
const choiceLabelClasses = "inline-flex min-h-11 min-w-11 items-center gap-2 pr-2 text-sm text-slate-800 sm:min-h-0 sm:min-w-0 sm:pr-0";
const choiceClasses = "size-4 border-slate-400 text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-70";

/** One answer's control, chosen by the element's type. */
export function FieldControl({ element, path }: { element: FieldElement; path: ValuePath }) {
  const { t } = useFormTranslation();
  const { values, update, lang, readOnly, idPrefix, clearError } = useRenderer();
  const key = keyOf(path);
  const id = fieldId(idPrefix, path);
  const ids = useFieldIds(id, key, element.help);
  const value = getAt(values, path);
  const set = (next: unknown) => {
    update((current) => setAt(current, path, () => next));
    clearError(key);
  };
  const common = {
    id,
    disabled: readOnly,
    "aria-describedby": ids.describedBy,
    "aria-invalid": ids.invalid || undefined,
    "aria-required": element.required || undefined,
  };
  const text = typeof value === "string" || typeof value === "number" ? String(value) : "";

  switch (element.type) {
    case "text":
    case "textarea":
      return (
        <FieldShell label={element.label} required={element.required} help={element.help} ids={ids} errorKey={key}>
          {element.type === "text" ? (
            <input {...common} type="text" className={controlClasses} value={text} maxLength={element.maxLength} placeholder={element.placeholder ? localized(element.placeholder, lang) : undefined} onChange={(event) => set(event.target.value)} />
          ) : (
            <textarea {...common} className={controlClasses} rows={element.rows ?? 4} value={text} maxLength={element.maxLength} placeholder={element.placeholder ? localized(element.placeholder, lang) : undefined} onChange={(event) => set(event.target.value)} />
          )}
        </FieldShell>
      );
    case "number":
      return (
        <FieldShell label={element.label} required={element.required} help={element.help} ids={ids} errorKey={key}>
          <div className="flex items-center gap-2">
            <input
              {...common}
              type="number"
              inputMode={element.integer ? "numeric" : "decimal"}
              step={element.integer ? 1 : "any"}
              min={element.min}
              max={element.max}
              className={cn(controlClasses, "max-w-xs")}
              value={text}
              onChange={(event) => set(event.target.value)}
            />
            {element.unit ? <span className="text-sm text-slate-700">{element.unit}</span> : null}
          </div>
        </FieldShell>
      );
    case "date":
      return (
        <FieldShell label={element.label} required={element.required} help={element.help} ids={ids} errorKey={key}>
          <DateInput {...common} lang={lang} min={element.min} max={element.max} value={text} onChange={(next) => set(next || undefined)} />
        </FieldShell>
      );
    case "time":
      return (
        <FieldShell label={element.label} required={element.required} help={element.help} ids={ids} errorKey={key}>
          <input {...common} type="time" className={cn(controlClasses, "max-w-xs")} value={text} onChange={(event) => set(event.target.value)} />
        </FieldShell>
      );
    case "select":
      if (element.multiple) return <ChoiceList element={element} path={path} many />;
      return (
        <FieldShell label={element.label} required={element.required} help={element.help} ids={ids} errorKey={key}>
          <select {...common} className={cn(controlClasses, "max-w-md")} value={text} onChange={(event) => set(event.target.value || undefined)}>
            <option value="">{t("forms.renderer.choose")}</option>
            {element.options.map((option) => (
              <option key={option.value} value={option.value}>
                {localized(option.label, lang)}
              </option>
            ))}
          </select>
        </FieldShell>
      );
    case "radio":
      return <ChoiceList element={element} path={path} />;
    case "checkbox":
      if (element.options) return <ChoiceList element={element} path={path} many />;
      return (
        <div className="flex flex-col gap-1.5">
          <div className="flex items-center gap-2">
            <input {...common} type="checkbox" className={cn(choiceClasses, "rounded")} checked={value === true} onChange={(event) => set(event.target.checked)} />
            <label htmlFor={id} className={cn(choiceLabelClasses, "font-medium")}>
              <span>
                {localized(element.label, lang)}
                <RequiredMark required={element.required} />
              </span>
            </label>
          </div>
          <HelpText id={ids.help} help={element.help} />
          <FieldErrors id={ids.error} errorKey={key} />
        </div>
      );
    case "yesno": {
      const choices = [
        { value: "yes", label: t("forms.renderer.yes") },
        { value: "no", label: t("forms.renderer.no") },
        ...(element.allowNotApplicable ? [{ value: "na", label: t("forms.renderer.na") }] : []),
      ];
      const current = value === true ? "yes" : value === false ? "no" : text;
      return (
        <FieldShell as="legend" groupRole="radiogroup" label={element.label} required={element.required} help={element.help} ids={ids} errorKey={key}>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {choices.map((choice, i) => (
              <label key={choice.value} className={choiceLabelClasses}>
                <input id={i === 0 ? id : undefined} type="radio" name={id} value={choice.value} disabled={readOnly} className={choiceClasses} checked={current === choice.value} onChange={() => set(choice.value)} />
                {choice.label}
              </label>
            ))}
          </div>
        </FieldShell>
      );
    }
    case "signature":
      return <SignatureField element={element} path={path} />;
    case "photo":
    case "file":
      return <AssetField element={element} path={path} />;
    case "vehicle":
      return <VehicleField element={element} path={path} />;
  }
}

/** Radios (one answer) or tick boxes (several) for an element with options. */
function ChoiceList({ element, path, many = false }: { element: Extract<FieldElement, { type: "select" | "radio" | "checkbox" }>; path: ValuePath; many?: boolean }) {
  const { values, update, lang, readOnly, idPrefix, clearError } = useRenderer();
  const key = keyOf(path);
  const id = fieldId(idPrefix, path);
  const ids = useFieldIds(id, key, element.help);
  const value = getAt(values, path);
  const chosen = new Set(Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : []);
  const toggle = (option: string, on: boolean) => {
    update((current) =>
      setAt(current, path, (previous) => {
        if (!many) return option;
        const list = Array.isArray(previous) ? previous.map(String) : [];
        const next = on ? [...new Set([...list, option])] : list.filter((entry) => entry !== option);
        return next.length ? next : undefined;
      }),
    );
    clearError(key);
  };
  return (
    <FieldShell as="legend" groupRole={many ? undefined : "radiogroup"} label={element.label} required={element.required} help={element.help} ids={ids} errorKey={key}>
      <div className="flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:gap-x-5 sm:gap-y-2">
        {(element.options ?? []).map((option, i) => (
          <label key={option.value} className={choiceLabelClasses}>
            <input
              id={i === 0 ? id : undefined}
              type={many ? "checkbox" : "radio"}
              name={id}
              value={option.value}
              disabled={readOnly}
              aria-invalid={ids.invalid || undefined}
              className={cn(choiceClasses, many && "rounded")}
              checked={chosen.has(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />
            {localized(option.label, lang)}
          </label>
        ))}
      </div>
    </FieldShell>
  );
}
