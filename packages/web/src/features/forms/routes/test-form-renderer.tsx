import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { SAMPLE_DEFINITION, localized } from "@fleetforms/core/form/definition";
import { Button } from "@/components/ui/button";
import { ErrorSummary } from "../components/error-summary";
import { FormRenderer } from "../components/form-renderer";
import { checkAnswers } from "../lib/check-answers";
import { uploadSummary } from "../lib/client-asset";
import { toLanguage } from "@/lib/i18n-options";
import { sampleUploader } from "../lib/sample-uploader";
import type { Values } from "../lib/value-path";
import type { Vehicle } from "../types";

const SAMPLE_VEHICLES: Vehicle[] = [
  { id: "sample-1", vehicleNumber: "T-101", description: "Freightliner Cascadia" },
  { id: "sample-2", vehicleNumber: "V-202", description: "Ford Transit" },
];

/**
 * /test-form/:testMode? (SPEC §2): the sample definition, filled in without
 * signing in and checked with the server's rules. `readonly` shows it as a
 * submitted form would be; any other mode is interactive. Sending shows what
 * would be posted to /submissions/save.
 */
export function TestFormRenderer({ testMode }: { testMode?: string }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [problem, setProblem] = useState<string | undefined>();
  const [payload, setPayload] = useState<string | undefined>();
  const summary = useRef<HTMLDivElement>(null);
  const readOnly = testMode === "readonly";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPayload(undefined);
    const uploads = uploadSummary(values);
    const fail = (message: string | undefined, found: Record<string, string[]> = {}) => {
      setProblem(message);
      setErrors(found);
      requestAnimationFrame(() => summary.current?.focus());
    };
    if (uploads.pending) return fail(t("forms.fill.uploadsPending"));
    if (uploads.failed) return fail(t("forms.fill.uploadsFailed"));
    const check = checkAnswers(SAMPLE_DEFINITION, values);
    if (!check.ok) return fail(undefined, check.errors);
    fail(undefined);
    setPayload(JSON.stringify({ formId: 0, values: check.payload, lang }, null, 2));
  };

  return (
    <div className="flex flex-col gap-6 text-left">
      <h2 className="text-xl font-semibold text-slate-900">{localized(SAMPLE_DEFINITION.title, lang)}</h2>
      <ErrorSummary ref={summary} definition={SAMPLE_DEFINITION} errors={errors} lang={lang} idPrefix="sample" message={problem} />
      <form noValidate onSubmit={submit} aria-label={localized(SAMPLE_DEFINITION.title, lang)} className="flex flex-col gap-6">
        <FormRenderer
          definition={SAMPLE_DEFINITION}
          values={values}
          onChange={setValues}
          errors={errors}
          onErrorsChange={setErrors}
          lang={lang}
          readOnly={readOnly}
          uploader={sampleUploader}
          vehicles={{ vehicles: SAMPLE_VEHICLES }}
          idPrefix="sample"
        />
        {readOnly ? null : (
          <div className="flex flex-wrap gap-3">
            <Button type="submit">{t("forms.test.check")}</Button>
            <Button
              variant="ghost"
              onClick={() => {
                setValues({});
                setErrors({});
                setProblem(undefined);
                setPayload(undefined);
              }}
            >
              {t("forms.test.reset")}
            </Button>
          </div>
        )}
      </form>
      {payload ? (
        <section aria-labelledby="test-form-result" className="flex flex-col gap-2">
          <h3 id="test-form-result" className="font-semibold text-slate-900" role="status">
            {t("forms.test.valid")}
          </h3>
          <pre className="max-h-96 overflow-auto rounded-md bg-slate-900 p-4 text-xs text-slate-100">{payload}</pre>
        </section>
      ) : null}
    </div>
  );
}
