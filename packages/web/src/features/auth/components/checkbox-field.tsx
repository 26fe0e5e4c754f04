import { useId, type InputHTMLAttributes, type ReactNode } from "react";

/** A labelled checkbox with an optional error under it. */
export function CheckboxField({ label, error, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "id"> & { label: ReactNode; error?: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 size-4 rounded border-slate-400 text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          {...props}
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
