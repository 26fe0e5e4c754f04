import { useCallback, useMemo } from "react";
import { LIMITS, localized, type Element, type FormDefinition, type GroupElement, type SectionElement } from "@fleetforms/core/form/definition";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import type { Uploader } from "../lib/upload-file";
import { createVisibility } from "../lib/visibility";
import { errorKey as keyOf, fieldId, getAt, setAt, type ValuePath, type Values } from "../lib/value-path";
import type { Lang } from "../types";
import { FieldControl } from "./field-controls";
import { FieldErrors, HelpText, RequiredMark, useFieldIds } from "./field-shell";
import { RendererContext, useFormTranslation, useRenderer, type RendererContextValue, type VehicleChoices } from "./renderer-context";

export interface FormRendererProps {
  definition: FormDefinition;
  values: Values;
  onChange: (change: (values: Values) => Values) => void;
  /** `{ "odometer": ["…"], "defects.0.part": ["…"] }`, the server's fieldErrors shape */
  errors?: Record<string, string[]>;
  onErrorsChange?: (change: (errors: Record<string, string[]>) => Record<string, string[]>) => void;
  lang: Lang;
  readOnly?: boolean;
  /** sends a file through the upload flow; without it files cannot be attached */
  uploader?: Uploader;
  vehicles?: VehicleChoices;
  resolveAssetSrc?: (assetId: number) => Promise<string | undefined>;
  /** keeps control ids unique when two forms share a page (the builder's preview) */
  idPrefix?: string;
}

/**
 * Draws a form definition: every element type, sections and repeatable groups,
 * visibility conditions, required marks and labels and help in the language
 * asked for (English when a Spanish text is missing).
 */
export function FormRenderer({ definition, values, onChange, errors = {}, onErrorsChange, lang, readOnly = false, uploader, vehicles, resolveAssetSrc, idPrefix = "field" }: FormRendererProps) {
  const isShown = useMemo(() => createVisibility(definition, values), [definition, values]);
  const clearError = useCallback(
    (key: string) =>
      onErrorsChange?.((current) => {
        if (!current[key]) return current;
        const { [key]: _cleared, ...rest } = current;
        return rest;
      }),
    [onErrorsChange],
  );
  const context: RendererContextValue = { values, update: onChange, errors, lang, readOnly, idPrefix, isShown, uploader, vehicles, resolveAssetSrc, clearError };
  return (
    <RendererContext.Provider value={context}>
      <div className="flex flex-col gap-6">
        <ElementList elements={definition.body} prefix={[]} depth={0} />
      </div>
    </RendererContext.Provider>
  );
}

function ElementList({ elements, prefix, depth, item }: { elements: readonly Element[]; prefix: ValuePath; depth: number; item?: Values }) {
  const { isShown } = useRenderer();
  return (
    <>
      {elements.map((element, index) =>
        isShown(element, item) ? <ElementView key={"name" in element && element.name ? element.name : `section-${index}`} element={element} prefix={prefix} depth={depth} item={item} /> : null,
      )}
    </>
  );
}

function ElementView({ element, prefix, depth, item }: { element: Element; prefix: ValuePath; depth: number; item?: Values }) {
  if (element.type === "section") return <SectionView section={element} prefix={prefix} depth={depth} item={item} />;
  if (element.type === "group") return <GroupView group={element} path={[...prefix, element.name]} depth={depth} />;
  return <FieldControl element={element} path={[...prefix, element.name]} />;
}

function Heading({ depth, children, id }: { depth: number; children: string; id?: string }) {
  const className = depth === 0 ? "text-lg font-semibold text-slate-900" : "text-base font-semibold text-slate-900";
  return depth === 0 ? (
    <h2 id={id} className={className}>
      {children}
    </h2>
  ) : (
    <h3 id={id} className={className}>
      {children}
    </h3>
  );
}

function SectionView({ section, prefix, depth, item }: { section: SectionElement; prefix: ValuePath; depth: number; item?: Values }) {
  const { lang, idPrefix } = useRenderer();
  const id = `${idPrefix}-section-${[...prefix, section.name ?? section.label.en].join("-").replace(/\s+/g, "_")}`;
  return (
    <section aria-labelledby={id} className={cn("flex flex-col gap-5", depth === 0 ? "rounded-lg border border-slate-200 bg-slate-50/60 p-4 sm:p-5" : "border-l-2 border-slate-200 pl-4")}>
      <div className="flex flex-col gap-1">
        <Heading depth={depth} id={id}>
          {localized(section.label, lang)}
        </Heading>
        {section.help ? <p className="text-sm text-slate-600">{localized({ en: section.help.en ?? "", es: section.help.es }, lang)}</p> : null}
      </div>
      <ElementList elements={section.elements} prefix={prefix} depth={depth + 1} item={item} />
    </section>
  );
}

/** A repeatable group: a list of items, each answering the group's elements; items are added and removed. */
function GroupView({ group, path, depth }: { group: GroupElement; path: ValuePath; depth: number }) {
  const { t } = useFormTranslation();
  const { values, update, lang, readOnly, idPrefix, clearError } = useRenderer();
  const key = keyOf(path);
  const id = fieldId(idPrefix, path);
  const ids = useFieldIds(id, key, group.help);
  const raw = getAt(values, path);
  const items = Array.isArray(raw) ? (raw as Values[]) : [];
  const max = group.maxItems ?? LIMITS.groupItems;
  const itemName = localized(group.itemLabel ?? group.label, lang);
  const add = () => {
    update((current) => setAt(current, path, (previous) => [...(Array.isArray(previous) ? previous : []), {}]));
    clearError(key);
  };
  const remove = (index: number) =>
    update((current) =>
      setAt(current, path, (previous) => {
        const next = (Array.isArray(previous) ? previous : []).filter((_, i) => i !== index);
        return next.length ? next : undefined;
      }),
    );
  return (
    <fieldset className={cn("flex flex-col gap-3", depth === 0 && "rounded-lg border border-slate-200 p-4 sm:p-5")} aria-describedby={ids.describedBy}>
      <legend className={cn("font-semibold text-slate-900", depth === 0 ? "px-1 text-lg" : "text-base")}>
        {localized(group.label, lang)}
        <RequiredMark required={group.required} />
      </legend>
      <HelpText id={ids.help} help={group.help} />
      {items.length === 0 ? <p className="text-sm text-slate-600">{readOnly ? t("forms.renderer.noAnswer") : t("forms.renderer.noItems")}</p> : null}
      <ol className="flex flex-col gap-3">
        {items.map((item, index) => {
          const headingId = `${id}-item-${index}`;
          return (
            <li key={index} aria-labelledby={headingId} className="flex flex-col gap-4 rounded-md border border-slate-200 bg-white p-3 sm:p-4">
              <div className="flex items-center justify-between gap-2">
                <h3 id={headingId} className="text-sm font-semibold text-slate-800">
                  {t("forms.renderer.itemHeading", { item: itemName, number: index + 1 })}
                </h3>
                {!readOnly ? (
                  <Button variant="ghost" size="sm" onClick={() => remove(index)}>
                    {t("forms.renderer.removeItem", { item: `${itemName} ${index + 1}` })}
                  </Button>
                ) : null}
              </div>
              <ElementList elements={group.elements} prefix={[...path, index]} depth={depth + 1} item={item} />
            </li>
          );
        })}
      </ol>
      {!readOnly && items.length < max ? (
        <div>
          <Button id={id} variant="secondary" size="sm" onClick={add}>
            {t("forms.renderer.addItem", { item: itemName })}
          </Button>
        </div>
      ) : null}
      <FieldErrors id={ids.error} errorKey={key} />
    </fieldset>
  );
}
