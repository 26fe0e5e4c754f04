import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router-dom";
import { EMPTY_DEFINITION, parseDefinition, walk, type FormDefinition } from "@fleetforms/core/form/definition";
import { Button, ButtonLink } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast-store";
import { ApiError } from "@/lib/api-client";
import { isConnectionError } from "@/lib/network-error";
import { amendSubmission } from "../api/amend-submission";
import { getAssetSrc } from "@/lib/asset-src";
import { useSubmission } from "../api/get-submission";
import { saveSubmission } from "../api/save-submission";
import { useOutOfService, useVehicleReview } from "../api/get-vehicle-review";
import { VehicleReviewPanel } from "../components/vehicle-review";
import { assetList } from "../lib/client-asset";
import { reduceAssets } from "../lib/asset-refs";
import { vehicleIdOf } from "../components/vehicle-field";
import { ErrorSummary } from "../components/error-summary";
import { FormRenderer } from "../components/form-renderer";
import { LeaveGuard } from "../components/leave-guard";
import { StateBadge, SubmissionStatusBadge } from "../components/state-badge";
import { checkAnswers } from "../lib/check-answers";
import { uploadSummary } from "../lib/client-asset";
import { clearDraft, deviceKeysIn, loadDraft, saveDraft } from "../lib/draft";
import { fillBlock, formStateOf } from "../lib/form-state";
import { toLanguage } from "@/lib/i18n-options";
import { textIn } from "@/lib/in-language";
import { uploadToStorage } from "../lib/upload-file";
import type { Values } from "../lib/value-path";
import { visibleValues } from "../lib/visibility";
import { deviceAwareUploader } from "../offline/device-files";
import { queueableAnswers, restoredAnswers, withStandInIds } from "../offline/device-answers";
import { enqueue, kick, newIdempotencyKey } from "../offline/outbox";
import { useFormOnDevice } from "../offline/use-form-on-device";
import { useVehiclesOnDevice } from "../offline/vehicles-on-device";
import { isOnline as isOnlineNow, useOnline } from "@/lib/online";
import type { Role } from "../types";

export interface FormPageProps {
  role: Role | null;
  userId?: string | null;
  /** the selected company: forms, drafts and waiting submissions are kept on the device per person and company (issue 20) */
  companyId?: string | null;
  /** whether unsent answers may stay on the device as the page goes: not while the person signs out (issue 20) */
  keepAnswers?: () => boolean;
}

const AMEND_TYPES = new Set(["amend", "edit"]);
/** The server's refusals people meet while filling in, by code, translated. */
const SERVER_CODES: Record<string, string> = {
  "record.stale": "forms.fill.errors.stale",
  "submission.already_answered": "forms.fill.errors.alreadyAnswered",
  "submission.form_closed": "forms.fill.errors.closed",
  "submission.amendments_disabled": "forms.fill.errors.amendmentsDisabled",
  "auth.forbidden": "common.errors.accessDenied",
};
/** issue 42: the refusals of the driver's review of the vehicle's last report (core defect DEFECT_MESSAGES) */
const REVIEW_CODES: Record<string, string> = {
  "defect.review_required": "forms.dvir.reviewRequired",
  "defect.review_stale": "forms.dvir.reviewStale",
  "defect.invalid": "forms.dvir.signatureFile",
};
const ID_PREFIX = "answer";

function parsed(json: string | undefined): FormDefinition {
  if (!json) return EMPTY_DEFINITION;
  const result = parseDefinition(json);
  return result.success ? result.definition : EMPTY_DEFINITION;
}

/** The first vehicle question's name: an inspection's defects go on the vehicle it picks (issue 42). */
const firstVehicleName = (definition: FormDefinition) => {
  let name: string | undefined;
  walk(definition.body, ({ element }) => {
    if (element.type === "vehicle" && name === undefined) name = element.name;
  });
  return name;
};

const hasVehicle = (definition: FormDefinition) => {
  let found = false;
  walk(definition.body, ({ element }) => {
    if (element.type === "vehicle") found = true;
  });
  return found;
};

/**
 * /forms/:formId fills a form; /forms/:formId/:submissionId shows a
 * submission's answers and /forms/:formId/:submissionId/amend (any :type of
 * amend or edit) amends them: one screen (SPEC §2).
 */
/** How long typing may pause before the answers are saved on the device. */
const AUTOSAVE_MS = 400;

export function FormPage({ role, userId, companyId, keepAnswers }: FormPageProps) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const navigate = useNavigate();
  const params = useParams();
  const formId = Number(params.formId);
  const submissionId = params.submissionId ? Number(params.submissionId) : undefined;
  const amending = !!submissionId && AMEND_TYPES.has(params.type ?? "");
  const scope = useMemo(() => (userId && companyId ? { userId, companyId } : null), [userId, companyId]);
  const online = useOnline();
  const form = useFormOnDevice(Number.isSafeInteger(formId) && formId > 0 ? formId : null, scope);
  const submission = useSubmission(submissionId);
  const definition = useMemo(() => parsed(submissionId ? submission.data?.formDefinition : form.data?.formDefinition), [submissionId, submission.data?.formDefinition, form.data?.formDefinition]);

  const fillingNew = !submissionId && !!scope && Number.isSafeInteger(formId) && formId > 0;
  const [values, setValues] = useState<Values>({});
  // issue 20: the answers are saved on the device as they change; a draft left earlier comes back
  const [draft, setDraft] = useState<{ loading: boolean; restored: boolean }>({ loading: fillingNew, restored: false });
  /** answers changed and not sent: leaving asks first, and they are kept on the device */
  const unsent = useRef(false);
  const latest = useRef(values);
  const change = useCallback((update: (current: Values) => Values) => {
    unsent.current = true;
    setValues(update);
  }, []);
  useEffect(() => {
    latest.current = values;
  }, [values]);
  useEffect(() => {
    if (!fillingNew || !scope) return;
    let live = true;
    void loadDraft(scope, formId)
      .then((kept) => (kept ? restoredAnswers(kept) : undefined))
      .then((kept) => {
        if (!live) return;
        if (kept && Object.keys(kept).length) {
          unsent.current = true;
          setValues(kept);
        }
        setDraft({ loading: false, restored: !!kept && Object.keys(kept).length > 0 });
      });
    return () => {
      live = false;
    };
  }, [fillingNew, scope, formId]);
  useEffect(() => {
    if (!fillingNew || !scope || draft.loading || !unsent.current) return;
    // read again when it fires: answers sent meanwhile (the page waiting for its next route) are no draft
    const timer = setTimeout(() => {
      if (unsent.current) void saveDraft(scope, formId, values);
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [fillingNew, scope, formId, values, draft.loading]);
  // leaving the page (another page, the session ending elsewhere, the tab closing) keeps the unsent answers on the device
  useEffect(() => {
    const keep = () => {
      if (fillingNew && scope && unsent.current && (keepAnswers?.() ?? true)) void saveDraft(scope, formId, latest.current);
    };
    window.addEventListener("pagehide", keep);
    return () => {
      window.removeEventListener("pagehide", keep);
      keep();
    };
  }, [fillingNew, scope, formId, keepAnswers]);
  const uploader = useMemo(() => deviceAwareUploader(fillingNew ? scope : null, uploadToStorage), [fillingNew, scope]);
  // a submission queued offline lands on /forms and its "Waiting to send" list: their code is loaded now,
  // while there may still be a connection (the service worker keeps it too, once installed)
  useEffect(() => {
    if (fillingNew) void Promise.all([import("./forms-page"), import("../offline")]).catch(() => undefined);
  }, [fillingNew]);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [problem, setProblem] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const summary = useRef<HTMLDivElement>(null);

  // A newly loaded version replaces the answers on screen; a refetch of the same version does not.
  const loadedVersion = submission.data ? `${submission.data.id}:${submission.data.version}` : undefined;
  const [shownVersion, setShownVersion] = useState<string | undefined>();
  if (loadedVersion && loadedVersion !== shownVersion && submission.data) {
    setShownVersion(loadedVersion);
    setValues(submission.data.values as Values);
  }

  const blocked = form.data ? fillBlock(form.data, role) : undefined;
  const readOnly = submissionId ? !(amending && submission.data?.canAmend) : !!blocked;
  const vehicles = useVehiclesOnDevice(!readOnly && hasVehicle(definition), scope);
  // issue 42: out-of-service vehicles are marked in the picker, and the vehicle's last report is reviewed and signed
  const inspecting = !submissionId && !readOnly && hasVehicle(definition);
  const outOfService = useOutOfService(inspecting && online);
  const vehicleName = firstVehicleName(definition);
  const chosenVehicle = inspecting && vehicleName ? vehicleIdOf(values[vehicleName]) || undefined : undefined;
  const review = useVehicleReview(online ? chosenVehicle : undefined);
  const reviewNeeded = !!review.data?.report && review.data.report.defects.length > 0;
  const [reviewValues, setReviewValues] = useState<Values>({});
  const [reviewErrors, setReviewErrors] = useState<Record<string, string[]>>({});
  const choices = useMemo(() => (vehicles.data ?? []).map((vehicle) => ({ ...vehicle, outOfService: outOfService.data?.has(vehicle.id) ?? false })), [vehicles.data, outOfService.data]);
  const state = form.data ? formStateOf(form.data, { role, userId }) : undefined;

  const showProblem = (message: string | undefined, fieldErrors: Record<string, string[]> = {}) => {
    setErrors(fieldErrors);
    setProblem(message);
    requestAnimationFrame(() => summary.current?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (readOnly || sending) return;
    const uploads = uploadSummary(values);
    if (uploads.pending) return showProblem(t("forms.fill.uploadsPending"));
    if (uploads.failed) return showProblem(t("forms.fill.uploadsFailed"));
    const check = checkAnswers(definition, withStandInIds(values) as Values);
    if (!check.ok) return showProblem(undefined, check.errors);
    const signature = assetList(reviewValues.acknowledgement)[0];
    if (reviewNeeded && !signature?.id) {
      setReviewErrors({ acknowledgement: [t("forms.dvir.signRequired")] });
      return showProblem(t("forms.dvir.signRequired"));
    }
    const inspection = chosenVehicle
      ? {
          outOfServiceWarningShown: outOfService.data?.has(chosenVehicle) ?? false,
          ...(reviewNeeded && signature ? { acknowledgement: { submissionId: review.data!.report!.submissionId, signature: reduceAssets(signature) } } : {}),
        }
      : undefined;
    setSending(true);
    // issue 20: a new submission carries a key made here, so sending it again (now or from the queue) makes one
    const queue = async (key?: string) => {
      const answers = queueableAnswers(visibleValues(definition, values)) as Values;
      // the inspection's signed review goes with it: sent later, it is checked against the vehicle's last report then
      await enqueue(scope!, { formId, formName: textIn(form.data?.names, form.data?.name, lang), values: answers, lang, ...(inspection ? { inspection } : {}) }, Date.now(), key);
      unsent.current = false;
      await clearDraft(scope!, formId);
      toast.success(isOnlineNow() ? t("offline.fill.queuedSending") : t("offline.fill.queued"));
      kick();
      navigate("/forms");
    };
    try {
      if (submissionId && submission.data) {
        const result = await amendSubmission(submissionId, { version: submission.data.version, values: check.payload });
        unsent.current = false;
        toast.success(result.changed ? t("forms.fill.amended") : t("forms.fill.unchanged"));
        await submission.mutate();
        navigate(`/submissions/${submissionId}`);
      } else if (scope && (!isOnlineNow() || deviceKeysIn(values).length > 0)) {
        await queue();
      } else {
        const key = newIdempotencyKey();
        try {
          const result = await saveSubmission({ formId, values: check.payload, lang, idempotencyKey: key, inspection });
          unsent.current = false;
          if (scope) await clearDraft(scope, formId);
          toast.success(t("forms.fill.submitted"));
          navigate(`/submissions/${result.submission.id}`);
        } catch (error) {
          // the connection dropped on the way: the same key goes with it from the queue, so it arrives once
          if (scope && isConnectionError(error)) await queue(key);
          else throw error;
        }
      }
    } catch (error) {
      // the answers stay on screen; the message says so rather than "Something went wrong!"
      if (isConnectionError(error)) showProblem(t("recovery.fill.offline"));
      else if (error instanceof ApiError && error.fieldErrors?.acknowledgement) {
        // issue 42: the vehicle's last report is to be reviewed (again) and signed; the panel shows it as it is now
        const key = REVIEW_CODES[error.code ?? ""] ?? "forms.dvir.signatureFile";
        setReviewErrors({ acknowledgement: [t(key === "forms.dvir.reviewRequired" ? "forms.dvir.signRequired" : key)] });
        if (error.code === "defect.review_stale") setReviewValues({});
        void review.mutate();
        showProblem(t(key));
      }
      else if (error instanceof ApiError) showProblem(error.status === 401 ? t("common.errors.sessionExpired") : SERVER_CODES[error.code ?? ""] ? t(SERVER_CODES[error.code!]!) : error.message, error.fieldErrors ?? {});
      else showProblem(t("common.errors.generic"));
    } finally {
      setSending(false);
    }
  };

  if (form.isLoading || draft.loading || (submissionId && submission.isLoading)) return <Spinner fullScreen={false} className="m-8" label={t("forms.fill.loading")} />;
  const loadError = form.error ?? submission.error;
  if (loadError || !form.data) {
    const notFound = loadError instanceof ApiError && loadError.status === 404;
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <h1 className="text-2xl font-bold text-slate-900">{notFound ? t("forms.fill.notFound") : t("forms.fill.loadFailed")}</h1>
        <p className="mt-4">
          <Link to="/forms" className="font-semibold text-brand-700 underline underline-offset-2">
            {t("forms.fill.backToForms")}
          </Link>
        </p>
      </div>
    );
  }

  // one heading per language (issue 19): the form's name and description, falling back to the other language
  const name = textIn(form.data.names, form.data.name, lang);
  const description = textIn(form.data.descriptions, form.data.description, lang);
  const notice = submissionId
    ? amending && submission.data && !submission.data.canAmend
      ? t("forms.fill.cannotAmend")
      : undefined
    : blocked
      ? t(`forms.fill.blocked.${blocked}`)
      : undefined;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <title>{t("forms.fill.pageTitle", { name })}</title>
      <div className="flex flex-col gap-2">
        <p>
          <Link to="/forms" className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
            {t("forms.fill.backToForms")}
          </Link>
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{name}</h1>
          {state ? <StateBadge state={state} /> : null}
        </div>
        {description ? <p className="text-slate-700">{description}</p> : null}
        {form.data.link ? (
          <p>
            <a href={form.data.link} target="_blank" rel="noopener noreferrer" className="text-sm font-semibold text-brand-700 underline underline-offset-2">
              {t("forms.list.help")}
              <span className="sr-only"> ({t("forms.list.opensNewTab")})</span>
            </a>
          </p>
        ) : null}
        {submission.data ? (
          <div className="flex flex-wrap items-center gap-3 rounded-md bg-slate-50 p-3 text-sm text-slate-800">
            <span className="font-semibold">{t(amending ? "forms.fill.amendingSubmission" : "forms.fill.viewingSubmission", { id: submission.data.id })}</span>
            <SubmissionStatusBadge status={submission.data.status} />
            <Link to={`/submissions/${submission.data.id}`} className="font-semibold text-brand-700 underline underline-offset-2">
              {t("forms.fill.details")}
            </Link>
            {!amending && submission.data.canAmend ? (
              <ButtonLink to={`/forms/${formId}/${submission.data.id}/amend`} size="sm" variant="secondary">
                {t("forms.fill.amend")}
              </ButtonLink>
            ) : null}
          </div>
        ) : null}
      </div>

      {draft.restored && !readOnly ? <Notice kind="info">{t("recovery.fill.draftRestored")}</Notice> : null}
      {!online && !submissionId ? <Notice kind="info">{t("offline.fill.fromDevice")}</Notice> : null}

      {notice ? (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {notice}
        </p>
      ) : null}

      <ErrorSummary ref={summary} definition={definition} errors={errors} lang={lang} idPrefix={ID_PREFIX} message={problem} />

      {definition.body.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">{t("forms.fill.noElements")}</p>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} aria-label={name} className="flex flex-col gap-6">
          <FormRenderer
            definition={definition}
            values={values}
            onChange={change}
            errors={errors}
            onErrorsChange={setErrors}
            lang={lang}
            readOnly={readOnly}
            uploader={uploader}
            vehicles={{ vehicles: choices, loading: vehicles.isLoading, failed: !!vehicles.error }}
            resolveAssetSrc={getAssetSrc}
            idPrefix={ID_PREFIX}
          />
          {reviewNeeded && review.data ? (
            <VehicleReviewPanel review={review.data} lang={lang} values={reviewValues} onChange={setReviewValues} errors={reviewErrors} uploader={uploader} resolveAssetSrc={getAssetSrc} />
          ) : null}
          {submissionId && readOnly ? null : (
            <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
              <Button type="submit" disabled={readOnly || sending}>
                {sending ? t("forms.fill.sending") : submissionId ? t("forms.fill.saveAmendment") : t("forms.fill.submit")}
              </Button>
              <ButtonLink to={submissionId ? `/submissions/${submissionId}` : "/forms"} variant="ghost">
                {t("common.actions.cancel")}
              </ButtonLink>
            </div>
          )}
        </form>
      )}
      {readOnly ? null : <LeaveGuard unsent={unsent} />}
    </div>
  );
}
