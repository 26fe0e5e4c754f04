import { forwardRef, type InputHTMLAttributes, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Field } from "./field";

export const inputClasses = cn(
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs sm:text-sm",
  "placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600",
  "disabled:cursor-not-allowed disabled:bg-slate-100 data-invalid:border-red-700 data-invalid:focus:outline-red-700",
);

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean }>(function Input({ className, invalid, ...props }, ref) {
  return <input ref={ref} data-invalid={invalid || undefined} aria-invalid={invalid || undefined} className={cn(inputClasses, className)} {...props} />;
});

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: ReactNode;
  description?: ReactNode;
  /** an already translated message; shown under the field and announced with it */
  error?: string;
  className?: string;
}

/** A labelled input with its description and error wired to it for assistive technology. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, description, error, className, ...props }, ref) {
  return (
    <Field label={label} description={description} error={error} className={className}>
      {(control) => <Input ref={ref} {...control} invalid={Boolean(error)} {...props} />}
    </Field>
  );
});
