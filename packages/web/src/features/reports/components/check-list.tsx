import type { ReactNode } from "react";
import { useId } from "react";
import { cn } from "@/lib/cn";
import { TOUCH } from "./touch";

export interface CheckListProps<V extends string | number> {
  legend: string;
  description?: ReactNode;
  options: { value: V; label: string }[];
  selected: V[];
  onChange: (selected: V[]) => void;
  /** an already translated message */
  error?: string;
  empty?: string;
}

/** A labelled group of check boxes (a multi-select a keyboard and a phone both handle), with its error. */
export function CheckList<V extends string | number>({ legend, description, options, selected, onChange, error, empty }: CheckListProps<V>) {
  const id = useId();
  const described = [description ? `${id}-description` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset aria-describedby={described} className="flex min-w-0 flex-col gap-1">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {description ? (
        <p id={`${id}-description`} className="text-sm text-slate-600">
          {description}
        </p>
      ) : null}
      <div className={cn("max-h-56 overflow-y-auto rounded-md border px-3 py-1", error ? "border-red-700" : "border-slate-300")}>
        {options.length === 0 && empty ? <p className="py-2 text-sm text-slate-600">{empty}</p> : null}
        {options.map((option) => (
          <label key={option.value} className={cn("flex cursor-pointer items-center gap-3 text-sm text-slate-800", TOUCH)}>
            <input
              type="checkbox"
              className="size-4 shrink-0 rounded border-slate-400 text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
              checked={selected.includes(option.value)}
              onChange={(event) => onChange(event.target.checked ? [...selected, option.value] : selected.filter((value) => value !== option.value))}
            />
            <span className="min-w-0 break-words">{option.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
