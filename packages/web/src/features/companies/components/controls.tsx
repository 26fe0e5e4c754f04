import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { Field } from "@/components/ui/field";
import { inputClasses } from "@/components/ui/input";

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

/** A labelled multi-line text with its description and error. */
export function TextAreaField({ label, description, error, className, ...props }: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> & { label: ReactNode; description?: ReactNode; error?: string }) {
  return (
    <Field label={label} description={description} error={error} className={className}>
      {(control) => <textarea {...control} {...props} data-invalid={error ? true : undefined} className={inputClasses} />}
    </Field>
  );
}
