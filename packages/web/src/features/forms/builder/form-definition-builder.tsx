import { useEffect, useId, useMemo, useReducer, useRef, useState, type Dispatch, type KeyboardEvent } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { ELEMENT_TYPES, localized, parseDefinition, type Element, type ElementType, type FormDefinition } from "@fleetforms/core/form/definition";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast-store";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { editDefinition } from "../api/edit-definition";
import { getForm } from "../api/get-form";
import { controlClasses } from "../components/field-shell";
import { FormRenderer } from "../components/form-renderer";
import { sampleUploader } from "../lib/sample-uploader";
import { toLanguage } from "@/lib/i18n-options";
import type { Values } from "../lib/value-path";
import type { Form, Lang } from "../types";
import { describeJsonError, describeProblem, describeProblems } from "./definition-problems";
import { builderReducer, CONTAINER_TYPES, elementAt, initialBuilderState, isSelected, problemsByElement, type BuilderAction, type ElementPath, type NewElementTexts } from "./definition-reducer";
import { ElementEditor } from "./element-editor";

export interface FormDefinitionBuilderProps {
  /** SPEC §2: -1 closed; 0 a new definition handed back to the caller, not saved; a form id edits that form's definition */
  id: number;
  onClose: () => void;
  /** id 0: receives the definition built (and the example data) */
  onDone?: (result: { definition: FormDefinition; exampleData: Record<string, unknown> }) => void;
  /** a positive id: the form once its new definition is saved */
  onSaved?: (form: Form) => void;
  /** id 0: where to start from (the caller's unsaved definition) */
  initialDefinition?: FormDefinition;
  /** SPEC §5: saving needs an access token; the app layer knows whether there is one */
  hasAccessToken: boolean;
  formName?: string;
}

type View = "visual" | "json";

/**
 * The form definition builder (SPEC §2, §4, §8): a visual editor an office
 * administrator can use — add, reorder, edit elements in both languages —
 * beside the JSON, with a live preview drawn by the form renderer.
 */
export function FormDefinitionBuilder(props: FormDefinitionBuilderProps) {
  const { t } = useTranslation();
  const open = props.id >= 0;
  return (
    <Modal open={open} onClose={props.onClose} size="full" title={t("formDefinitionBuilder.title")} description={props.formName ? t("formDefinitionBuilder.forForm", { name: props.formName }) : undefined}>
      {open ? <BuilderBody key={props.id} {...props} /> : null}
    </Modal>
  );
}

function useTexts(): NewElementTexts {
  const { t, i18n } = useTranslation();
  // New questions get their default label in both languages, so both must be loaded, not only the one on screen.
  const [loaded, setLoaded] = useState(() => i18n.hasResourceBundle("en", "translation") && i18n.hasResourceBundle("es", "translation"));
  useEffect(() => {
    if (loaded) return;
    let live = true;
    i18n
      .loadLanguages(["en", "es"])
      .then(() => live && setLoaded(true))
      .catch((error: unknown) => console.warn("translations", error));
    return () => {
      live = false;
    };
  }, [i18n, loaded]);
  return useMemo(() => {
    // until Spanish has loaded, a new question has no Spanish label rather than the English one
    const both = (key: string) => ({ en: t(key, { lng: "en" }), ...(loaded ? { es: t(key, { lng: "es" }) } : {}) });
    return {
      labels: Object.fromEntries(ELEMENT_TYPES.map((type) => [type, both(`formDefinitionBuilder.defaults.${type}`)])) as NewElementTexts["labels"],
      option: both("formDefinitionBuilder.defaults.option"),
    };
  }, [t, loaded]);
}

function BuilderBody({ id, onClose, onDone, onSaved, initialDefinition, hasAccessToken }: FormDefinitionBuilderProps) {
  const { t, i18n } = useTranslation();
  const texts = useTexts();
  // SPEC §2: on load the definition defaults to an empty body and the example data to an empty object.
  const [state, dispatch] = useReducer(builderReducer, initialBuilderState(id === 0 && initialDefinition ? initialDefinition : { body: [] }));
  const [exampleData, setExampleData] = useState<Record<string, unknown>>({});
  const [loading, setLoading] = useState(id > 0);
  const [saving, setSaving] = useState(false);
  const [serverProblem, setServerProblem] = useState<string | undefined>();
  const [view, setView] = useState<View>("visual");
  const [previewLang, setPreviewLang] = useState<Lang>(toLanguage(i18n.resolvedLanguage));
  const [previewValues, setPreviewValues] = useState<Values>({});
  const [previewErrors, setPreviewErrors] = useState<Record<string, string[]>>({});

  // The caller's onClose may be a new function each render; loading must not start again because of it.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (id <= 0) return;
    let live = true;
    getForm(id)
      .then((form) => {
        if (!live) return;
        const parsed = parseDefinition(form.formDefinition ?? "");
        if (parsed.success) dispatch({ type: "load", definition: parsed.definition });
        else setServerProblem(firstProblem(form.formDefinition, parsed.fieldErrors, t, i18n.resolvedLanguage));
      })
      .catch((error: unknown) => {
        if (!live) return;
        // SPEC §2: a Not Found keeps the empty definition; other load errors close the builder.
        if (error instanceof ApiError && error.status === 404) return;
        toast.error(error instanceof ApiError ? error.message : t("formDefinitionBuilder.loadError"));
        close.current();
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [id, t, i18n]);

  const check = useMemo(() => parseDefinition(state.definition), [state.definition]);
  const language = toLanguage(i18n.resolvedLanguage);
  const problems = useMemo(() => (check.success ? new Map<string, string[]>() : problemsByElement(describeProblems(state.definition, check.fieldErrors, language, t))), [check, state.definition, language, t]);
  const selected = state.selected ? elementAt(state.definition, state.selected) : undefined;

  const save = async () => {
    setServerProblem(undefined);
    if (!check.success) {
      toast.error(t("formDefinitionBuilder.errorMessage"));
      setServerProblem(firstProblem(state.definition, check.fieldErrors, t, i18n.resolvedLanguage));
      return;
    }
    if (id === 0) {
      // SPEC §4: with id 0 the definition goes back to the caller and the builder closes.
      onDone?.({ definition: check.definition, exampleData });
      onClose();
      return;
    }
    if (!hasAccessToken) return void toast.error(t("formDefinitionBuilder.authError"));
    setSaving(true);
    try {
      const form = await editDefinition(id, check.definition);
      toast.success(t("formDefinitionBuilder.successMessage"));
      onSaved?.(form);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) toast.error(t("formDefinitionBuilder.authError"));
      else {
        toast.error(t("formDefinitionBuilder.errorMessage"));
        setServerProblem(error instanceof ApiError ? error.message : undefined);
      }
    } finally {
      setSaving(false);
    }
  };

  if (loading) return <Spinner label={t("formDefinitionBuilder.loading")} />;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label={t("formDefinitionBuilder.viewLabel")} className="inline-flex rounded-md border border-slate-300 p-0.5">
          {(["visual", "json"] as const).map((entry) => (
            <button
              key={entry}
              type="button"
              aria-pressed={view === entry}
              onClick={() => setView(entry)}
              className={cn("rounded px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600", view === entry ? "bg-brand-700 text-white" : "text-slate-800 hover:bg-slate-100")}
            >
              {t(`formDefinitionBuilder.views.${entry}`)}
            </button>
          ))}
        </div>
        <p className="text-sm text-slate-700" aria-live="polite">
          {check.success ? t("formDefinitionBuilder.valid") : t("formDefinitionBuilder.problemCount", { count: Object.values(check.fieldErrors).flat().length })}
        </p>
      </div>

      {serverProblem ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {serverProblem}
        </p>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-4">
          {view === "visual" ? (
            <>
              <TitleEditor definition={state.definition} dispatch={dispatch} />
              <Outline definition={state.definition} selected={state.selected} dispatch={dispatch} problems={problems} lang={previewLang} texts={texts} />
              {selected && state.selected ? (
                <ElementEditor element={selected} path={state.selected} definition={state.definition} dispatch={dispatch} texts={texts} lang={previewLang} problems={problems.get(state.selected.join(".")) ?? []} />
              ) : (
                <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-700">{t("formDefinitionBuilder.editor.none")}</p>
              )}
            </>
          ) : (
            <JsonEditor definition={state.definition} exampleData={exampleData} onDefinition={(definition) => dispatch({ type: "load", definition })} onExampleData={setExampleData} />
          )}
          {problems.get("") ? (
            <ul className="list-disc rounded-md border border-red-300 bg-red-50 py-2 pr-3 pl-7 text-sm text-red-900">
              {problems.get("")!.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : null}
        </div>

        <section aria-labelledby="builder-preview-heading" className="flex min-w-0 flex-col gap-3 self-start rounded-lg border border-slate-200 bg-slate-50 p-4 lg:sticky lg:top-0 lg:max-h-[85vh] lg:overflow-y-auto">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="builder-preview-heading" className="text-base font-semibold text-slate-900">
              {t("formDefinitionBuilder.preview.heading")}
            </h3>
            <PreviewLanguage lang={previewLang} onChange={setPreviewLang} />
          </div>
          {state.definition.title ? <p className="font-semibold text-slate-900">{localized(state.definition.title, previewLang)}</p> : null}
          {state.definition.body.length === 0 ? (
            <p className="text-sm text-slate-700">{t("formDefinitionBuilder.preview.empty")}</p>
          ) : (
            <div className="rounded-md bg-white p-4">
              <FormRenderer
                definition={state.definition}
                values={{ ...exampleData, ...previewValues }}
                onChange={(change) => setPreviewValues((current) => change({ ...exampleData, ...current }))}
                errors={previewErrors}
                onErrorsChange={setPreviewErrors}
                lang={previewLang}
                uploader={sampleUploader}
                vehicles={{ vehicles: [{ id: "preview-1", vehicleNumber: "T-101", description: t("formDefinitionBuilder.preview.vehicle") }] }}
                idPrefix="preview"
              />
            </div>
          )}
        </section>
      </div>

      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
        <Button variant="ghost" onClick={onClose}>
          {t("common.actions.cancel")}
        </Button>
        <Button onClick={() => void save()} disabled={saving}>
          {saving ? t("formDefinitionBuilder.saving") : id === 0 ? t("formDefinitionBuilder.useDefinition") : t("formDefinitionBuilder.save")}
        </Button>
      </div>
    </div>
  );
}

/** The first of a definition's problems, said in the interface's language. */
function firstProblem(root: unknown, fieldErrors: Record<string, string[]>, t: TFunction, language: string | undefined) {
  const [key, messages] = Object.entries(fieldErrors)[0] ?? ["_", [""]];
  return describeProblem(typeof root === "string" ? safeJson(root) : root, key, messages[0] ?? "", toLanguage(language), t);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // not JSON: the problem is about the whole text, which names no question
    return undefined;
  }
}

function PreviewLanguage({ lang, onChange }: { lang: Lang; onChange: (lang: Lang) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-slate-800">
        {t("formDefinitionBuilder.preview.language")}
      </label>
      <select id={id} className={cn(controlClasses, "w-auto py-1")} value={lang} onChange={(event) => onChange(event.target.value === "es" ? "es" : "en")}>
        <option value="en">{t("common.language.en")}</option>
        <option value="es">{t("common.language.es")}</option>
      </select>
    </div>
  );
}

function TitleEditor({ definition, dispatch }: { definition: FormDefinition; dispatch: Dispatch<BuilderAction> }) {
  const { t } = useTranslation();
  const en = useId();
  const es = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={en} className="text-sm font-medium text-slate-800">
          {t("formDefinitionBuilder.titleEn")}
        </label>
        <input id={en} className={controlClasses} value={definition.title?.en ?? ""} onChange={(event) => dispatch({ type: "setTitle", lang: "en", text: event.target.value })} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={es} className="text-sm font-medium text-slate-800">
          {t("formDefinitionBuilder.titleEs")}
        </label>
        <input id={es} lang="es" className={controlClasses} value={definition.title?.es ?? ""} onChange={(event) => dispatch({ type: "setTitle", lang: "es", text: event.target.value })} />
      </div>
    </div>
  );
}

/** The elements as an outline: pick one to edit it, move it with the buttons or Alt+arrow keys, remove it, add new ones. */
function Outline({ definition, selected, dispatch, problems, lang, texts }: { definition: FormDefinition; selected: ElementPath | null; dispatch: Dispatch<BuilderAction>; problems: Map<string, string[]>; lang: Lang; texts: NewElementTexts }) {
  const { t } = useTranslation();
  const typeId = useId();
  const [type, setType] = useState<ElementType>("text");
  const list = useRef<HTMLDivElement>(null);
  const selectedElement = selected ? elementAt(definition, selected) : undefined;
  const container = selectedElement && CONTAINER_TYPES.includes(selectedElement.type) ? selected : null;
  const focusSelected = () => requestAnimationFrame(() => list.current?.querySelector<HTMLElement>('[aria-current="true"]')?.focus());
  const selectedKey = selected?.join(".");
  useEffect(() => {
    if (selectedKey !== undefined) list.current?.querySelector<HTMLElement>('[aria-current="true"]')?.scrollIntoView({ block: "nearest" });
  }, [selectedKey]);

  const onKey = (event: KeyboardEvent<HTMLButtonElement>, path: ElementPath) => {
    if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    event.preventDefault();
    dispatch({ type: "select", path });
    dispatch({ type: "move", path, offset: event.key === "ArrowUp" ? -1 : 1 });
    focusSelected();
  };

  const renderList = (elements: readonly Element[], parent: ElementPath) => (
    <ol className={cn("flex flex-col gap-1", parent.length > 0 && "mt-1 ml-4 border-l border-slate-200 pl-3")}>
      {elements.map((element, index) => {
        const path = [...parent, index];
        const name = localized(element.label, lang) || ("name" in element ? element.name : "") || t(`formDefinitionBuilder.types.${element.type}`);
        const current = isSelected(path, selected);
        const flagged = problems.has(path.join("."));
        return (
          <li key={index}>
            <div className={cn("flex items-center gap-1 rounded-md border px-2 py-1", current ? "border-brand-600 bg-brand-50" : "border-slate-200 bg-white", flagged && "border-red-400")}>
              <button
                type="button"
                aria-current={current ? "true" : undefined}
                aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
                onClick={() => dispatch({ type: "select", path })}
                onKeyDown={(event) => onKey(event, path)}
                className="flex min-w-0 flex-1 items-center gap-2 rounded px-1 py-1 text-left text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span className="truncate font-medium text-slate-900">{name}</span>
                <span className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{t(`formDefinitionBuilder.types.${element.type}`)}</span>
                {"required" in element && element.required ? <span className="shrink-0 text-xs text-red-700">{t("formDefinitionBuilder.outline.required")}</span> : null}
                {element.visibleIf ? <span className="shrink-0 text-xs text-slate-600">{t("formDefinitionBuilder.outline.conditional")}</span> : null}
                {flagged ? <span className="shrink-0 text-xs font-semibold text-red-700">{t("formDefinitionBuilder.outline.problem")}</span> : null}
              </button>
              <Button variant="ghost" size="sm" className="px-2" disabled={index === 0} onClick={() => dispatch({ type: "move", path, offset: -1 })} aria-label={t("formDefinitionBuilder.outline.moveUp", { name })}>
                ↑
              </Button>
              <Button variant="ghost" size="sm" className="px-2" disabled={index === elements.length - 1} onClick={() => dispatch({ type: "move", path, offset: 1 })} aria-label={t("formDefinitionBuilder.outline.moveDown", { name })}>
                ↓
              </Button>
              <Button variant="ghost" size="sm" className="px-2 text-red-800" onClick={() => dispatch({ type: "remove", path })} aria-label={t("formDefinitionBuilder.outline.remove", { name })}>
                ✕
              </Button>
            </div>
            {element.type === "section" || element.type === "group" ? renderList(element.elements, path) : null}
          </li>
        );
      })}
    </ol>
  );

  return (
    <section aria-labelledby="builder-outline-heading" className="flex flex-col gap-3">
      <h3 id="builder-outline-heading" className="text-base font-semibold text-slate-900">
        {t("formDefinitionBuilder.outline.heading")}
      </h3>
      <div ref={list} className="max-h-[45vh] overflow-y-auto pr-1">
        {definition.body.length ? renderList(definition.body, []) : <p className="text-sm text-slate-700">{t("formDefinitionBuilder.outline.empty")}</p>}
      </div>
      <p className="text-xs text-slate-600">{t("formDefinitionBuilder.outline.keyboard")}</p>
      <div className="flex flex-wrap items-end gap-2 rounded-md bg-slate-50 p-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={typeId} className="text-sm font-medium text-slate-800">
            {t("formDefinitionBuilder.add.type")}
          </label>
          <select id={typeId} className={cn(controlClasses, "w-auto")} value={type} onChange={(event) => setType(event.target.value as ElementType)}>
            {ELEMENT_TYPES.map((entry) => (
              <option key={entry} value={entry}>
                {t(`formDefinitionBuilder.types.${entry}`)}
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary" onClick={() => dispatch({ type: "add", elementType: type, texts, parent: container })}>
          {t("formDefinitionBuilder.add.button")}
        </Button>
        <p className="basis-full text-xs text-slate-600">
          {container && selectedElement ? t("formDefinitionBuilder.add.into", { name: localized(selectedElement.label, lang) }) : t("formDefinitionBuilder.add.atEnd")}
        </p>
      </div>
    </section>
  );
}

/** The definition and the example data as JSON, for those who prefer it; applied when it parses. */
function JsonEditor({ definition, exampleData, onDefinition, onExampleData }: { definition: FormDefinition; exampleData: Record<string, unknown>; onDefinition: (definition: FormDefinition) => void; onExampleData: (data: Record<string, unknown>) => void }) {
  const { t } = useTranslation();
  const definitionId = useId();
  const exampleId = useId();
  const [text, setText] = useState(() => JSON.stringify(definition, null, 2));
  const [example, setExample] = useState(() => JSON.stringify(exampleData, null, 2));
  const [error, setError] = useState<string | undefined>();
  const [exampleError, setExampleError] = useState<string | undefined>();
  const apply = () => {
    try {
      const value = JSON.parse(text) as unknown;
      if (!value || typeof value !== "object" || Array.isArray(value) || !Array.isArray((value as FormDefinition).body)) throw new Error(t("formDefinitionBuilder.json.needsBody"));
      onDefinition(value as FormDefinition);
      setError(undefined);
    } catch (caught) {
      setError(caught instanceof SyntaxError ? describeJsonError(text, caught, t) : caught instanceof Error ? caught.message : String(caught));
    }
    try {
      const value = JSON.parse(example || "{}") as unknown;
      if (!value || typeof value !== "object" || Array.isArray(value)) throw new Error(t("formDefinitionBuilder.json.exampleObject"));
      onExampleData(value as Record<string, unknown>);
      setExampleError(undefined);
    } catch (caught) {
      setExampleError(caught instanceof SyntaxError ? describeJsonError(example, caught, t) : caught instanceof Error ? caught.message : String(caught));
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={definitionId} className="text-sm font-medium text-slate-800">
          {t("formDefinitionBuilder.json.definition")}
        </label>
        <textarea id={definitionId} spellCheck={false} rows={22} className={cn(controlClasses, "font-mono text-xs")} value={text} onChange={(event) => setText(event.target.value)} aria-invalid={!!error || undefined} />
        {error ? <p className="text-sm font-medium text-red-700">{error}</p> : null}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={exampleId} className="text-sm font-medium text-slate-800">
          {t("formDefinitionBuilder.json.exampleData")}
        </label>
        <textarea id={exampleId} spellCheck={false} rows={6} className={cn(controlClasses, "font-mono text-xs")} value={example} onChange={(event) => setExample(event.target.value)} aria-invalid={!!exampleError || undefined} />
        {exampleError ? <p className="text-sm font-medium text-red-700">{exampleError}</p> : null}
      </div>
      <div>
        <Button variant="secondary" onClick={apply}>
          {t("formDefinitionBuilder.json.apply")}
        </Button>
      </div>
    </div>
  );
}
