import { useCallback, useEffect, useId, useMemo, useRef, useState, type Ref } from "react";
import { useTranslation } from "react-i18next";
import { EMPTY_DEFINITION, localized, parseDefinition, walk } from "@fleetforms/core/form/definition";
import { confirm } from "@/components/ui/alert-provider";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Modal } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast-store";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useForm } from "../api/get-form";
import { deleteTemplate } from "../api/delete-template";
import { getTemplate } from "../api/get-template";
import { previewTemplate } from "../api/preview-template";
import { saveTemplate } from "../api/save-template";
import { controlClasses } from "../components/field-shell";
import { toLanguage } from "@/lib/i18n-options";
import { exampleValuesFor, joinTemplate, showsNothing, snippetFor, splitTemplate, starterTemplate } from "../lib/template-source";
import type { Lang } from "../types";
import { describeTemplateError } from "./template-problems";

export interface TemplateBuilderProps {
  /** SPEC §2: -1 closed; a form id opens that form's PDF template */
  id: number;
  onClose: () => void;
  /** SPEC §5: saving needs an access token */
  hasAccessToken: boolean;
  /** the preview is a PDF the browser fetches with the bearer token */
  accessToken: string | null;
  formName?: string;
  onSaved?: () => void;
}

const PREVIEW_DELAY_MS = 1200;
/** Handlebars examples for the hint, passed as values so the translations hold no braces of their own. */
const HINT_VALUES = { answer: '{{answer "fieldName"}}', label: '{{label "fieldName"}}', image: '{{image "fieldName"}}', both: '{{t en="..." es="..."}}' };

/**
 * The template builder (SPEC §2, §8): the PDF template as Handlebars HTML and
 * CSS and its example data as JSON, with a live preview the server renders
 * as a PDF.
 */
export function TemplateBuilder(props: TemplateBuilderProps) {
  const { t } = useTranslation();
  const open = props.id > 0;
  return (
    <Modal open={open} onClose={props.onClose} size="full" title={t("templateBuilder.title")} description={props.formName ? t("templateBuilder.forForm", { name: props.formName }) : undefined}>
      {open ? <TemplateBody key={props.id} {...props} /> : null}
    </Modal>
  );
}

function TemplateBody({ id, onClose, hasAccessToken, accessToken, onSaved }: TemplateBuilderProps) {
  const { t, i18n } = useTranslation();
  const [html, setHtml] = useState("");
  const [css, setCss] = useState("");
  const [example, setExample] = useState("{}");
  const [loading, setLoading] = useState(true);
  const [stored, setStored] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const [lang, setLang] = useState<Lang>(toLanguage(i18n.resolvedLanguage));
  const [fresh, setFresh] = useState(false);
  const form = useForm(id);
  const definition = useMemo(() => {
    const parsed = parseDefinition(form.data?.formDefinition ?? "");
    return parsed.success ? parsed.definition : EMPTY_DEFINITION;
  }, [form.data?.formDefinition]);
  // a form without a template starts from the starter layout once its questions are known
  useEffect(() => {
    if (!fresh || !form.data) return;
    setFresh(false);
    const starter = starterTemplate(definition);
    setHtml(starter.html);
    setCss(starter.css);
    setExample(pretty(JSON.stringify(exampleValuesFor(definition, lang))));
  }, [fresh, form.data, definition, lang]);
  const htmlRef = useRef<HTMLTextAreaElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
    let live = true;
    getTemplate(id)
      .then((template) => {
        if (!live) return;
        setStored(true);
        const parts = splitTemplate(template.formTemplate);
        setHtml(parts.html);
        setCss(parts.css);
        setExample(pretty(template.exampleData));
      })
      .catch((error: unknown) => {
        if (!live) return;
        // No template yet: it opens with a designed starting layout and example answers made from the form's
        // questions (issue 19), rather than SPEC §2's empty ones whose preview showed a blank page.
        if (error instanceof ApiError && error.status === 404) return void setFresh(true);
        toast.error(error instanceof ApiError ? error.message : t("templateBuilder.loadError"));
        close.current();
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [id, t]);

  const template = joinTemplate(html, css);
  const exampleProblem = useMemo(() => jsonObjectProblem(example, t), [example, t]);
  const preview = usePdfPreview(id, loading ? undefined : { template, exampleData: example, lang }, accessToken, !exampleProblem);

  const fields = useMemo(() => {
    const out: { name: string; type: string; label: string }[] = [];
    walk(definition.body, ({ element, group }) => {
      if (!group && element.type !== "section") out.push({ name: element.name, type: element.type, label: localized(element.label, lang) });
    });
    return out;
  }, [definition, lang]);

  const insert = (snippet: string) => {
    const area = htmlRef.current;
    const start = area?.selectionStart ?? html.length;
    const end = area?.selectionEnd ?? html.length;
    setHtml(html.slice(0, start) + snippet + html.slice(end));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + snippet.length, start + snippet.length);
    });
  };

  const startOver = async () => {
    if (html.trim() && !(await confirm({ title: t("templateBuilder.insert.starterTitle"), text: t("templateBuilder.insert.starterConfirm"), confirmLabel: t("templateBuilder.insert.starter"), cancelLabel: t("common.actions.cancel") }))) return;
    const starter = starterTemplate(definition);
    setHtml(starter.html);
    setCss(starter.css);
  };

  const remove = async () => {
    // SPEC §5: deleting a template needs an access token
    if (!hasAccessToken) return void toast.error(t("templateBuilder.authError"));
    if (!(await confirm({ kind: "warning", title: t("templateBuilder.deleteTitle"), text: t("templateBuilder.deleteConfirm"), confirmLabel: t("templateBuilder.delete"), cancelLabel: t("common.actions.cancel") }))) return;
    setSaving(true);
    try {
      await deleteTemplate(id);
      toast.success(t("templateBuilder.deleted"));
      onSaved?.();
      onClose();
    } catch (error) {
      toast.error(error instanceof ApiError && error.status === 401 ? t("templateBuilder.authError") : t("templateBuilder.deleteError"));
    } finally {
      setSaving(false);
    }
  };

  const save = async () => {
    setProblem(undefined);
    if (!hasAccessToken) return void toast.error(t("templateBuilder.authError"));
    if (exampleProblem) {
      setProblem(exampleProblem);
      return void toast.error(t("templateBuilder.errorMessage"));
    }
    setSaving(true);
    try {
      await saveTemplate(id, { template, exampleData: example.trim() || "{}" });
      toast.success(t("templateBuilder.successMessage"));
      onSaved?.();
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) toast.error(t("templateBuilder.authError"));
      else {
        toast.error(t("templateBuilder.errorMessage"));
        setProblem(error instanceof ApiError ? describeTemplateError(error, t) : undefined);
      }
    } finally {
      setSaving(false);
    }
  };

  if (loading) return <Spinner label={t("templateBuilder.loading")} />;

  return (
    <div className="flex flex-col gap-4">
      {problem ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {problem}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-4">
          <Toolbar fields={fields} onInsert={insert} onStarter={() => void startOver()} />
          <CodeArea label={t("templateBuilder.html")} hint={t("templateBuilder.htmlHint", HINT_VALUES)} value={html} onChange={setHtml} rows={16} textareaRef={htmlRef} />
          <CodeArea label={t("templateBuilder.css")} value={css} onChange={setCss} rows={6} />
          <CodeArea label={t("templateBuilder.exampleData")} hint={t("templateBuilder.exampleHint")} value={example} onChange={setExample} rows={8} error={exampleProblem} />
        </div>
        <section aria-labelledby="template-preview-heading" className="flex min-w-0 flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="template-preview-heading" className="text-base font-semibold text-slate-900">
              {t("templateBuilder.preview.heading")}
            </h3>
            <div className="flex items-center gap-2">
              <LanguageSelect lang={lang} onChange={setLang} />
              <Button variant="secondary" size="sm" onClick={preview.refresh} disabled={!!exampleProblem}>
                {t("templateBuilder.preview.refresh")}
              </Button>
            </div>
          </div>
          <p className="text-sm text-slate-700" aria-live="polite">
            {preview.loading
              ? t("templateBuilder.preview.rendering")
              : preview.error
                ? ""
                : showsNothing(html)
                  ? t("templateBuilder.preview.nothing")
                  : preview.url
                    ? t("templateBuilder.preview.ready")
                    : t("templateBuilder.preview.waiting")}
          </p>
          {preview.error ? (
            <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
              {preview.error}
            </p>
          ) : null}
          {preview.url ? (
            <>
              <iframe title={t("templateBuilder.preview.frameTitle")} src={preview.url} className={cn("h-[70vh] w-full rounded-md border border-slate-300 bg-white", preview.loading && "opacity-60")} />
              <p className="text-sm">
                <a href={preview.url} target="_blank" rel="noopener" className="font-semibold text-brand-700 underline underline-offset-2">
                  {t("templateBuilder.preview.open")}
                </a>
              </p>
            </>
          ) : (
            <div className="grid h-[70vh] place-items-center rounded-md border border-dashed border-slate-300 text-sm text-slate-600">{preview.loading ? <Spinner /> : t("templateBuilder.preview.none")}</div>
          )}
        </section>
      </div>
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
        {stored ? (
          <Button variant="danger" className="mr-auto" onClick={() => void remove()} disabled={saving}>
            {t("templateBuilder.delete")}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={onClose}>
          {t("common.actions.cancel")}
        </Button>
        <Button onClick={() => void save()} disabled={saving}>
          {saving ? t("templateBuilder.saving") : t("templateBuilder.save")}
        </Button>
      </div>
    </div>
  );
}

function pretty(json: string): string {
  try {
    return JSON.stringify(JSON.parse(json || "{}"), null, 2);
  } catch {
    // stored example data that is not JSON is shown as it is, for the person to fix
    return json;
  }
}

function jsonObjectProblem(text: string, t: (key: string) => string): string | undefined {
  if (!text.trim()) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? undefined : t("templateBuilder.exampleNotObject");
  } catch {
    return t("templateBuilder.exampleInvalid");
  }
}

/** The server's PDF of the template as typed, refreshed a moment after typing stops; shown through an object URL. */
function usePdfPreview(formId: number, input: { template: string; exampleData: string; lang: Lang } | undefined, token: string | null, enabled: boolean) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | undefined>();
  const shown = useRef<string | undefined>(undefined);
  const [error, setError] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);
  const [nonce, setNonce] = useState(0);
  const key = input && enabled ? JSON.stringify(input) : undefined;

  useEffect(() => {
    if (!key) return;
    const request = JSON.parse(key) as { template: string; exampleData: string; lang: Lang };
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        setLoading(true);
        previewTemplate(formId, { ...request, exampleData: request.exampleData.trim() || "{}" }, controller.signal)
          .then((blob) => {
            if (shown.current) URL.revokeObjectURL(shown.current);
            shown.current = URL.createObjectURL(blob);
            setUrl(shown.current);
            setError(undefined);
          })
          .catch((caught: unknown) => {
            if (caught instanceof DOMException && caught.name === "AbortError") return;
            setError(caught instanceof ApiError ? describeTemplateError(caught, t) : t("templateBuilder.preview.failed"));
          })
          .finally(() => {
            if (!controller.signal.aborted) setLoading(false);
          });
      },
      nonce ? 0 : PREVIEW_DELAY_MS,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, formId, token, nonce, t]);

  useEffect(
    () => () => {
      if (shown.current) URL.revokeObjectURL(shown.current);
    },
    [],
  );
  const refresh = useCallback(() => setNonce((n) => n + 1), []);
  return { url, error, loading, refresh };
}

function CodeArea({ label, hint, value, onChange, rows, error, textareaRef }: { label: string; hint?: string; value: string; onChange: (value: string) => void; rows: number; error?: string; textareaRef?: Ref<HTMLTextAreaElement> }) {
  return (
    <Field label={label} description={hint} error={error}>
      {(control) => (
        <textarea
          ref={textareaRef}
          {...control}
          rows={rows}
          spellCheck={false}
          className={cn(controlClasses, "font-mono text-xs")}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

function Toolbar({ fields, onInsert, onStarter }: { fields: { name: string; type: string; label: string }[]; onInsert: (snippet: string) => void; onStarter: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [field, setField] = useState("");
  const chosen = fields.find((entry) => entry.name === field) ?? fields[0];
  return (
    <div className="flex flex-wrap items-end gap-2 rounded-md bg-slate-50 p-3">
      {fields.length ? (
        <>
          <div className="flex flex-col gap-1">
            <label htmlFor={id} className="text-sm font-medium text-slate-800">
              {t("templateBuilder.insert.field")}
            </label>
            <select id={id} className={cn(controlClasses, "w-auto")} value={chosen?.name ?? ""} onChange={(event) => setField(event.target.value)}>
              {fields.map((entry) => (
                <option key={entry.name} value={entry.name}>
                  {entry.label} ({entry.name})
                </option>
              ))}
            </select>
          </div>
          <Button variant="secondary" onClick={() => chosen && onInsert(snippetFor(chosen.name, chosen.type))}>
            {t("templateBuilder.insert.button")}
          </Button>
        </>
      ) : null}
      <Button variant="ghost" onClick={onStarter}>
        {t("templateBuilder.insert.starter")}
      </Button>
    </div>
  );
}

function LanguageSelect({ lang, onChange }: { lang: Lang; onChange: (lang: Lang) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="text-sm text-slate-800">
        {t("templateBuilder.preview.language")}
      </label>
      <select id={id} className={cn(controlClasses, "w-auto py-1")} value={lang} onChange={(event) => onChange(event.target.value === "es" ? "es" : "en")}>
        <option value="en">{t("common.language.en")}</option>
        <option value="es">{t("common.language.es")}</option>
      </select>
    </>
  );
}
