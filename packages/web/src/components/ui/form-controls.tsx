import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { Field } from "@/components/ui/field";
import { inputClasses } from "@/components/ui/input";
import { cn } from "@/lib/cn";

/** A labelled select with its description and error, like TextField. */
export function SelectField({ label, description, error, className, children, ...props }: Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> & { label: ReactNode; description?: ReactNode; error?: string }) {
  return (
    <Field label={label} description={description} error={error} className={className}>
      {(control) => (
        <select {...control} {...props} data-invalid={error ? true : undefined} className={inputClasses}>
          {children}
        </select>
      )}
    </Field>
  );
}

/** A labelled checkbox with an optional hint under it. */
export function CheckboxField({ label, hint, className, inputRef, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "id"> & { label: ReactNode; hint?: ReactNode; inputRef?: Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <div className={cn("flex items-start gap-2", className)}>
      <input
        ref={inputRef}
        id={id}
        type="checkbox"
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-4 shrink-0 rounded border-slate-400 text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
        {...props}
      />
      <div className="text-sm">
        <label htmlFor={id} className="font-medium text-slate-800">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-slate-600">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** A labelled multi-line text with its description and error. */
export function TextAreaField({ label, description, error, className, ...props }: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> & { label: ReactNode; description?: ReactNode; error?: string }) {
  return (
    <Field label={label} description={description} error={error} className={className}>
      {(control) => <textarea {...control} {...props} data-invalid={error ? true : undefined} className={inputClasses} />}
    </Field>
  );
}
