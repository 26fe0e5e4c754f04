import type { ReactNode } from "react";
import { localized, type LocalizedText } from "@fleetforms/core/form/definition";
import { cn } from "@/lib/cn";
import { translateValueMessage } from "../lib/value-messages";
import { useFormTranslation, useRenderer } from "./renderer-context";

export const controlClasses = cn(
  "block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs sm:min-h-0 sm:text-sm",
  "placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600",
  "disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-700 aria-invalid:border-red-700",
);

export interface FieldIds {
  control: string;
  help?: string;
  error?: string;
  describedBy?: string;
  invalid: boolean;
}

/** The ids that tie a control to its label, help and error, for assistive technology. */
export function useFieldIds(id: string, errorKey: string, help: { en?: string; es?: string } | undefined): FieldIds {
  const { errors, lang } = useRenderer();
  const hasHelp = !!help && !!localized({ en: help.en ?? "", es: help.es }, lang);
  const hasError = (errors[errorKey]?.length ?? 0) > 0;
  const helpId = hasHelp ? `${id}-help` : undefined;
  const errorId = hasError ? `${id}-error` : undefined;
  return { control: id, help: helpId, error: errorId, describedBy: [helpId, errorId].filter(Boolean).join(" ") || undefined, invalid: hasError };
}

export function RequiredMark({ required }: { required?: boolean }) {
  const { t } = useFormTranslation();
  if (!required) return null;
  return (
    <>
      <span aria-hidden="true" className="ml-0.5 text-red-700">
        *
      </span>
      <span className="sr-only"> ({t("forms.renderer.required")})</span>
    </>
  );
}

export function HelpText({ id, help }: { id?: string; help?: { en?: string; es?: string } }) {
  const { lang } = useRenderer();
  if (!id || !help) return null;
  return (
    <p id={id} className="text-sm text-slate-600">
      {localized({ en: help.en ?? "", es: help.es }, lang)}
    </p>
  );
}

export function FieldErrors({ id, errorKey }: { id?: string; errorKey: string }) {
  const { t } = useFormTranslation();
  const { errors } = useRenderer();
  const messages = errors[errorKey];
  if (!id || !messages?.length) return null;
  return (
    <p id={id} className="text-sm font-medium text-red-700">
      {messages.map((message) => translateValueMessage(message, t)).join(" ")}
    </p>
  );
}

/** A labelled field: label (with the required mark), the control, help and errors under it. */
export function FieldShell({
  label,
  required,
  help,
  ids,
  errorKey,
  children,
  as = "label",
  groupRole,
}: {
  label: LocalizedText;
  required?: boolean;
  help?: { en?: string; es?: string };
  ids: FieldIds;
  errorKey: string;
  children: ReactNode;
  as?: "label" | "legend";
  /** a fieldset of radios is a radiogroup, named by its legend */
  groupRole?: "radiogroup";
}) {
  const { lang } = useRenderer();
  const text = localized(label, lang);
  if (as === "legend") {
    return (
      <fieldset
        className="flex flex-col gap-1.5"
        role={groupRole}
        aria-describedby={ids.describedBy}
        aria-required={groupRole && required ? true : undefined}
        aria-invalid={groupRole && ids.invalid ? true : undefined}
      >
        <legend className="mb-1 text-sm font-medium text-slate-800">
          {text}
          <RequiredMark required={required} />
        </legend>
        {children}
        <HelpText id={ids.help} help={help} />
        <FieldErrors id={ids.error} errorKey={errorKey} />
      </fieldset>
    );
  }
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={ids.control} className="text-sm font-medium text-slate-800">
        {text}
        <RequiredMark required={required} />
      </label>
      {children}
      <HelpText id={ids.help} help={help} />
      <FieldErrors id={ids.error} errorKey={errorKey} />
    </div>
  );
}
