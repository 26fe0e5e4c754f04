import { forwardRef } from "react";
import { useTranslation } from "react-i18next";
import { localized, type FormDefinition } from "@fleetforms/core/form/definition";
import { findElement } from "@fleetforms/core/form/display";
import { translateValueMessage } from "../lib/value-messages";
import type { Lang } from "../types";

/** The label of the answer an error key points at ("defects.0.part" → "Part (Defect 1)"). */
export function labelForKey(definition: FormDefinition, key: string, lang: Lang): string {
  const parts = key.split(".");
  const name = [...parts].reverse().find((part) => !/^\d+$/.test(part)) ?? key;
  const element = findElement(definition.body, name);
  const label = element ? localized(element.label, lang) : name;
  const index = parts.findIndex((part) => /^\d+$/.test(part));
  if (index > 0 && parts.length > index + 1) {
    const group = findElement(definition.body, parts[index - 1]!);
    const groupLabel = group && group.type === "group" ? localized(group.itemLabel ?? group.label, lang) : parts[index - 1];
    return `${label} (${groupLabel} ${Number(parts[index]) + 1})`;
  }
  return label;
}

/**
 * The answers to fix, listed above the form after a failed send; each links
 * to its control. It takes focus so a screen reader hears it at once.
 */
export const ErrorSummary = forwardRef<HTMLDivElement, { definition: FormDefinition; errors: Record<string, string[]>; lang: Lang; idPrefix: string; message?: string }>(function ErrorSummary(
  { definition, errors, lang, idPrefix, message },
  ref,
) {
  const { t } = useTranslation();
  const entries = Object.entries(errors).filter(([, messages]) => messages.length);
  if (!entries.length && !message) return null;
  const focus = (key: string) => {
    const control = document.getElementById(`${idPrefix}-${key.split(".").join("-")}`);
    control?.focus();
    control?.scrollIntoView({ block: "center" });
  };
  return (
    <div ref={ref} tabIndex={-1} role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 focus-visible:outline-2 focus-visible:outline-red-700">
      <p className="font-semibold">{message ?? t("forms.fill.errorSummary", { count: entries.length })}</p>
      {entries.length ? (
        <ul className="mt-1 list-disc pl-5">
          {entries.map(([key, messages]) => (
            <li key={key}>
              <a
                href={`#${idPrefix}-${key.split(".").join("-")}`}
                className="inline-block py-1 underline underline-offset-2"
                onClick={(event) => {
                  event.preventDefault();
                  focus(key);
                }}
              >
                {key === "_" ? "" : `${labelForKey(definition, key, lang)}: `}
                {messages.map((entry) => translateValueMessage(entry, t)).join(" ")}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
});
