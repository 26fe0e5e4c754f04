import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from "react";
import { cn } from "@/lib/cn";

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
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <Input ref={ref} id={id} invalid={Boolean(error)} aria-describedby={[descriptionId, errorId].filter(Boolean).join(" ") || undefined} {...props} />
      {description ? (
        <p id={descriptionId} className="text-sm text-slate-600">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
});
