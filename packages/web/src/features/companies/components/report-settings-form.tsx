import { useEffect, useMemo, useRef, useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { SelectField, TextAreaField } from "@/components/ui/form-controls";
import { Notice } from "@/components/ui/notice";
import { ProgressBar } from "@/components/ui/progress-bar";
import { toast } from "@/components/ui/toast-store";
import { LOGO_MAX_BYTES, LOGO_TYPES, LogoUploadError, logoSrc, uploadLogo } from "../api/upload-logo";
import { useCompanyMessages } from "../lib/messages";
import { timeZoneLabel, timeZoneOptions } from "../lib/time-zones";
import { useCompanyEdit } from "../lib/use-company-edit";
import type { Company } from "../types";

interface Draft {
  timeZone: string;
  reportDetails: string;
  logoAssetId: number | null;
}
const draftOf = (company: Company): Draft => ({ timeZone: company.timeZone || "UTC", reportDetails: company.reportDetails ?? "", logoAssetId: company.logoAssetId ?? null });

/** The logo's picture, through a short-lived token; nothing while it loads or when it cannot be shown. */
function LogoPreview({ assetId, alt }: { assetId: number; alt: string }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let current = true;
    setSrc(undefined);
    logoSrc(assetId).then(
      (url) => current && setSrc(url),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [assetId]);
  return (
    <div className="flex size-24 items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-white">
      {src ? <img src={src} alt={alt} className="max-h-full max-w-full object-contain" /> : null}
    </div>
  );
}

/**
 * The company's report settings (issue 19): the time zone every PDF time is printed in, the lines under the
 * name and the logo, saved with `PUT /company/{id}` against the version read when editing began (SPEC §8's
 * 409 offers the latest). The logo goes through the SPEC §4 upload flow with a progress bar; it is the
 * signed-in company's file, so another company's logo is changed from inside that company.
 */
export function ReportSettingsForm({ company, canUploadLogo, onSaved, onReload }: { company: Company; canUploadLogo: boolean; onSaved: (company: Company) => void; onReload: () => void }) {
  const { t, i18n } = useTranslation();
  const messages = useCompanyMessages();
  const edit = useCompanyEdit<Draft>({ company, formId: "report-settings", section: "companies.settings", draftOf, onSaved, onReload });
  const { draft, shown, change, errors, error, busy, submit } = edit;
  const [upload, setUpload] = useState<{ fraction: number } | null>(null);
  const [uploadError, setUploadError] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const locale = i18n.resolvedLanguage === "es" ? "es-MX" : "en-US";
  // a few hundred zones, each named with its offset: worked out once per choice and language, not per keystroke
  const zones = useMemo(() => timeZoneOptions(shown.timeZone).map((zone) => [zone, timeZoneLabel(zone, locale)] as const), [shown.timeZone, locale]);

  async function chooseLogo(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setUploadError(undefined);
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return setUploadError(t("companies.settings.logoType"));
    if (file.size > LOGO_MAX_BYTES) return setUploadError(t("companies.settings.logoTooLarge"));
    setUpload({ fraction: 0 });
    try {
      const assetId = await uploadLogo(file, (fraction) => setUpload({ fraction }));
      change({ logoAssetId: assetId });
      toast.success(t("companies.settings.logoUploaded"));
    } catch (failure) {
      const step = failure instanceof LogoUploadError ? failure.step : "s3Upload";
      const detail = failure instanceof LogoUploadError ? failure.detail : undefined;
      setUploadError(detail ? `${t(`companies.settings.uploadErrors.${step}`)}: ${messages.fieldMessage(detail)}` : t(`companies.settings.uploadErrors.${step}`));
    } finally {
      setUpload(null);
    }
  }

  const reload = () => {
    setUploadError(undefined);
    edit.reload();
  };

  return (
    <form id="report-settings" noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
      {error ? (
        <Notice kind="error">
          <p>{error.text}</p>
          {error.stale ? (
            <Button size="sm" variant="secondary" className="mt-2" onClick={reload}>
              {t("companies.settings.reload")}
            </Button>
          ) : null}
        </Notice>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={t("companies.settings.timeZone")} description={t("companies.settings.timeZoneHint")} name="timeZone" value={shown.timeZone} error={errors.timeZone} onChange={(event) => change({ timeZone: event.target.value })}>
          {zones.map(([zone, label]) => (
            <option key={zone} value={zone}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={t("companies.settings.reportDetails")}
          description={t("companies.settings.reportDetailsHint")}
          name="reportDetails"
          rows={4}
          maxLength={600}
          value={shown.reportDetails}
          error={errors.reportDetails}
          onChange={(event) => change({ reportDetails: event.target.value })}
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-800">{t("companies.settings.logo")}</legend>
        <p className="text-sm text-slate-600">{t("companies.settings.logoHint")}</p>
        <div className="flex flex-wrap items-center gap-4">
          {shown.logoAssetId ? <LogoPreview assetId={shown.logoAssetId} alt={t("companies.settings.logoAlt", { company: company.name })} /> : <p className="text-sm text-slate-600">{t("companies.settings.logoNone")}</p>}
          {canUploadLogo ? (
            <div className="flex flex-wrap gap-2">
              <input ref={fileInput} type="file" accept={LOGO_TYPES.join(",")} className="sr-only" aria-label={t("companies.settings.chooseLogo")} tabIndex={-1} onChange={(event) => void chooseLogo(event)} />
              <Button variant="secondary" disabled={upload !== null} onClick={() => fileInput.current?.click()}>
                {shown.logoAssetId ? t("companies.settings.replaceLogo") : t("companies.settings.chooseLogo")}
              </Button>
              {shown.logoAssetId ? (
                <Button variant="ghost" disabled={upload !== null} onClick={() => change({ logoAssetId: null })}>
                  {t("companies.settings.removeLogo")}
                </Button>
              ) : null}
            </div>
          ) : (
            <p className="text-sm text-slate-600">{t("companies.settings.logoOtherCompany")}</p>
          )}
        </div>
        {upload ? <ProgressBar label={t("companies.settings.uploading")} value={Math.round(upload.fraction * 100)} max={100} text={upload.fraction >= 1 ? t("companies.settings.checking") : t("companies.settings.uploaded", { percent: Math.round(upload.fraction * 100) })} /> : null}
        {uploadError ? <Notice kind="error">{uploadError}</Notice> : null}
        {errors.logoAssetId ? <p className="text-sm text-red-700">{errors.logoAssetId}</p> : null}
      </fieldset>
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
        {draft ? (
          <Button variant="ghost" onClick={reload}>
            {t("companies.settings.discard")}
          </Button>
        ) : null}
        <Button type="submit" disabled={busy || !draft || upload !== null}>
          {busy ? t("companies.settings.saving") : t("companies.settings.save")}
        </Button>
      </div>
    </form>
  );
}
