import { useId, useRef, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn";
import { formatDateText, isIsoDate, parseDateText } from "@/lib/date-text";
import { toLanguage, type Language } from "@/lib/i18n-options";
import { Field } from "./field";

export interface DateInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "type" | "min" | "max" | "lang"> {
  /** the stored date (`YYYY-MM-DD`), or what was typed while it is not yet a date */
  value: string;
  onChange: (value: string) => void;
  /** the language whose order the date is written in (issue 19: not the browser's, whose `<input type="date">` follows its own locale) */
  lang: Language;
  min?: string;
  max?: string;
}

/**
 * A date typed in the language's order ("24/11/2026" in Spanish, "11/24/2026" in English) beside a calendar
 * button. The value stays ISO: a complete date is handed on as `YYYY-MM-DD`, anything else as typed, so the
 * form's own checks can say it is not a date.
 */
export function DateInput({ value, onChange, lang, min, max, className, disabled, readOnly, ...props }: DateInputProps) {
  const { t } = useTranslation(undefined, { lng: lang });
  const hintId = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<string>();
  const text = draft ?? formatDateText(value, lang) ?? value;
  const describedBy = [props["aria-describedby"], hintId].filter(Boolean).join(" ");
  const openPicker = () => {
    try {
      picker.current?.showPicker();
    } catch {
      // a browser without showPicker (or refusing it) still lets the date be typed
      picker.current?.focus();
    }
  };
  return (
    <div className={cn("relative flex max-w-xs items-stretch gap-2", className)}>
      <input
        {...props}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        disabled={disabled}
        readOnly={readOnly}
        aria-describedby={describedBy}
        placeholder={t("common.date.placeholder")}
        className="block w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 disabled:cursor-not-allowed disabled:bg-slate-100 aria-invalid:border-red-700 sm:text-sm"
        value={text}
        onChange={(event) => {
          setDraft(event.target.value);
          onChange(event.target.value.trim() ? (parseDateText(event.target.value, lang) ?? event.target.value) : "");
        }}
        onBlur={(event) => {
          setDraft(undefined);
          props.onBlur?.(event);
        }}
      />
      <span id={hintId} className="sr-only">
        {t("common.date.format", { format: t("common.date.placeholder") })}
      </span>
      {disabled || readOnly ? null : (
        <button
          type="button"
          onClick={openPicker}
          aria-label={t("common.date.pick")}
          className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 sm:min-h-9 sm:min-w-9"
        >
          <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
            <rect x="3.5" y="5" width="17" height="15" rx="2" />
            <path d="M3.5 10h17M8 3v4M16 3v4" />
          </svg>
        </button>
      )}
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        aria-label={t("common.date.pick")}
        className="pointer-events-none absolute size-px opacity-0"
        value={isIsoDate(value) ? value : ""}
        min={min}
        max={max}
        onChange={(event) => {
          setDraft(undefined);
          onChange(event.target.value);
        }}
      />
    </div>
  );
}

export interface DateFieldProps extends Omit<DateInputProps, "id" | "lang"> {
  label: ReactNode;
  description?: ReactNode;
  /** an already translated message; shown under the field and announced with it */
  error?: string;
}

/** A labelled date in the interface's language, with its description and error wired to it. */
export function DateField({ label, description, error, className, ...props }: DateFieldProps) {
  const { i18n } = useTranslation();
  return (
    <Field label={label} description={description} error={error} className={className}>
      {(control) => <DateInput {...control} {...props} lang={toLanguage(i18n.resolvedLanguage)} />}
    </Field>
  );
}
