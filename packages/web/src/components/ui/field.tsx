import { useId, type ReactNode } from "react";
import { cn } from "@/lib/cn";

/** What a control inside a Field spreads onto itself to be labelled, described and marked invalid. */
export interface FieldControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

export interface FieldProps {
  label: ReactNode;
  description?: ReactNode;
  /** an already translated message; shown under the control and announced with it */
  error?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, any control, its description and its error, wired together for assistive technology. */
export function Field({ label, description, error, className, children }: FieldProps) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id, "aria-describedby": [descriptionId, errorId].filter(Boolean).join(" ") || undefined, "aria-invalid": error ? true : undefined })}
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
}
