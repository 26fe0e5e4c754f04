import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Modal } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { SelectField, TextAreaField } from "@/components/ui/form-controls";
import { toast } from "@/components/ui/toast-store";
import { formatDateTime } from "@/lib/format";
import { uploadFile, UploadError } from "@/lib/upload-file";
import type { Language } from "@/lib/i18n-options";
import { certifyDefect } from "../api/certify-defect";
import { refreshDefects, useDefects, type Defect } from "../api/get-defects";
import { useVehicleMessages } from "../lib/messages";
import { Notice } from "./notice";
import { OutOfServiceBadge } from "./out-of-service-badge";
import { StoredImage } from "./stored-image";

const linkClasses = "font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600";

/**
 * The vehicle page's defects (issue 42, the DVIR): each reported defect with its state and certification,
 * newest report first; orgadmins and mechanics certify an open one on the vehicle's last report.
 */
export function DefectsSection({ vehicleId, lang }: { vehicleId: string; lang: Language }) {
  const { t } = useTranslation();
  const messages = useVehicleMessages();
  const { data, error, mutate } = useDefects(vehicleId);
  const [certifying, setCertifying] = useState<Defect | null>(null);
  return (
    <section aria-labelledby="vehicle-defects" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="vehicle-defects" className="text-lg font-semibold text-slate-900">
          {t("vehicles.defects.title")}
        </h2>
        {data?.outOfService ? <OutOfServiceBadge /> : null}
      </div>
      {error ? (
        <Notice kind="error" onRetry={() => void mutate()}>
          <p>{messages.errorMessage(error, "vehicles.defects.loadFailed")}</p>
        </Notice>
      ) : !data ? null : data.defects.length === 0 ? (
        <p className="text-slate-700">{t("vehicles.defects.empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">{t("vehicles.defects.caption")}</caption>
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">{t("vehicles.defects.columns.defect")}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t("vehicles.defects.columns.report")}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t("vehicles.defects.columns.status")}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t("vehicles.defects.columns.certification")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.defects.map((defect) => (
                <tr key={defect.id}>
                  <th scope="row" className="px-3 py-2 text-left font-normal text-slate-900">
                    <span className="font-semibold">{defect.label[lang]}</span> {defect.answer[lang]}
                    {defect.outOfService ? <span className="ml-2"><OutOfServiceBadge /></span> : null}
                  </th>
                  <td className="px-3 py-2 whitespace-nowrap text-slate-700">
                    <Link to={`/submissions/${defect.submissionId}`} className={linkClasses}>
                      {t("vehicles.page.submissions.open", { id: defect.submissionId })}
                    </Link>
                    <div>{defect.reportedByName} · {formatDateTime(defect.reportedAt, lang)}</div>
                    {defect.acknowledgement ? <Acknowledged acknowledgement={defect.acknowledgement} lang={lang} /> : null}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap text-slate-700">{t(`vehicles.defects.status.${defect.status}`)}</td>
                  <td className="px-3 py-2 text-slate-700">
                    {defect.certification ? (
                      <>
                        <div>{t("vehicles.defects.certifiedBy", { name: defect.certification.certifiedByName, at: formatDateTime(defect.certification.certifiedAt, lang) })}</div>
                        <div className="whitespace-pre-wrap">{defect.certification.note}</div>
                        {defect.certification.photoAssetId ? <StoredImage assetId={defect.certification.photoAssetId} alt={t("vehicles.defects.repairPhoto", { defect: defect.label[lang] })} className="mt-1 h-20 w-28" /> : null}
                      </>
                    ) : defect.withdrawal ? (
                      t("vehicles.defects.withdrawnBy", { name: defect.withdrawal.withdrawnByName, at: formatDateTime(defect.withdrawal.withdrawnAt, lang) })
                    ) : data.canCertify && defect.certifiable ? (
                      <Button size="sm" variant="secondary" onClick={() => setCertifying(defect)}>
                        {t("vehicles.defects.certify")}
                        <span className="sr-only">: {defect.label[lang]}</span>
                      </Button>
                    ) : defect.status === "open" && !defect.certifiable ? (
                      t("vehicles.defects.superseded")
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {certifying ? <CertifyDialog vehicleId={vehicleId} defect={certifying} lang={lang} onClose={() => setCertifying(null)} /> : null}
    </section>
  );
}

/** The next driver's review of the report, with their signature (kept on their inspection). */
function Acknowledged({ acknowledgement, lang }: { acknowledgement: NonNullable<Defect["acknowledgement"]>; lang: Language }) {
  const { t } = useTranslation();
  return (
    <div className="mt-1 flex flex-col items-start gap-1 whitespace-normal">
      <span>
        {t("vehicles.defects.acknowledgedBy", { name: acknowledgement.signedByName, at: formatDateTime(acknowledgement.signedAt, lang) })} (
        <Link to={`/submissions/${acknowledgement.submissionId}`} className={linkClasses}>
          {t("vehicles.page.submissions.open", { id: acknowledgement.submissionId })}
        </Link>
        )
      </span>
      <StoredImage assetId={acknowledgement.signatureAssetId} alt={t("vehicles.defects.acknowledgedSignature", { name: acknowledgement.signedByName })} className="h-10 w-32" />
    </div>
  );
}

type PhotoUpload = { state: "uploading"; fraction: number; fileName: string } | { state: "done"; id: number; fileName: string; preview: string } | { state: "failed"; message: string };

function CertifyDialog({ vehicleId, defect, lang, onClose }: { vehicleId: string; defect: Defect; lang: Language; onClose: () => void }) {
  const { t } = useTranslation();
  const messages = useVehicleMessages();
  const [status, setStatus] = useState<"repaired" | "no_repair_needed">("repaired");
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string>();
  const [noteError, setNoteError] = useState<string>();
  const [photo, setPhoto] = useState<PhotoUpload | null>(null);
  const [photoError, setPhotoError] = useState<string>();
  const [sending, setSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploading = photo?.state === "uploading";
  // the preview's object URL goes with the dialog or the next photo
  useEffect(() => () => (photo?.state === "done" ? URL.revokeObjectURL(photo.preview) : undefined), [photo]);

  const choosePhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setPhotoError(undefined);
    if (!file.type.startsWith("image/")) return setPhoto({ state: "failed", message: t("vehicles.defects.dialog.photoType") });
    setPhoto({ state: "uploading", fraction: 0, fileName: file.name });
    try {
      const stored = await uploadFile(file, (phase, fraction) => setPhoto({ state: "uploading", fraction: phase === "validating" ? 1 : fraction, fileName: file.name }));
      setPhoto({ state: "done", id: stored.id, fileName: file.name, preview: URL.createObjectURL(file) });
    } catch (failure) {
      const code = failure instanceof UploadError ? failure.code : "uploadFailed";
      setPhoto({ state: "failed", message: t(`forms.assets.errors.${code}`) });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (uploading) return;
    if (!note.trim()) return setNoteError(t("vehicles.defects.dialog.noteRequired"));
    setSending(true);
    try {
      await certifyDefect(vehicleId, defect.id, { status, note, ...(photo?.state === "done" ? { photoAssetId: photo.id } : {}) });
      toast.success(t("vehicles.defects.dialog.done"));
      await refreshDefects(vehicleId);
      onClose();
    } catch (failure) {
      const fields = messages.fieldErrors(failure);
      if (fields.photoAssetId) setPhotoError(fields.photoAssetId);
      if (fields.note) setNoteError(fields.note);
      setProblem(messages.errorMessage(failure, "vehicles.defects.dialog.failed"));
      await refreshDefects(vehicleId);
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={t("vehicles.defects.dialog.title")}
      description={`${defect.label[lang]} ${defect.answer[lang]}`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>{t("common.actions.cancel")}</Button>
          <Button type="submit" form="certify-defect" disabled={sending || uploading}>{t("vehicles.defects.dialog.submit")}</Button>
        </>
      }
    >
      <form id="certify-defect" noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        {problem ? <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">{problem}</p> : null}
        <SelectField label={t("vehicles.defects.dialog.outcome")} value={status} onChange={(event) => setStatus(event.target.value as typeof status)}>
          <option value="repaired">{t("vehicles.defects.status.repaired")}</option>
          <option value="no_repair_needed">{t("vehicles.defects.status.no_repair_needed")}</option>
        </SelectField>
        <TextAreaField label={t("vehicles.defects.dialog.note")} value={note} error={noteError} required onChange={(event) => { setNote(event.target.value); setNoteError(undefined); }} rows={3} />
        <fieldset className="flex flex-col gap-2" aria-describedby="certify-photo-hint">
          <legend className="text-sm font-medium text-slate-800">{t("vehicles.defects.dialog.photo")}</legend>
          <p id="certify-photo-hint" className="text-sm text-slate-600">{t("vehicles.defects.dialog.photoHint")}</p>
          <input ref={fileInput} type="file" accept="image/*" capture="environment" className="sr-only" tabIndex={-1} aria-label={t("vehicles.defects.dialog.choosePhoto")} onChange={(event) => void choosePhoto(event)} />
          <div className="flex flex-wrap items-center gap-3">
            {photo?.state === "done" ? <img src={photo.preview} alt={t("vehicles.defects.dialog.photoAlt", { name: photo.fileName })} className="h-20 w-20 rounded-md border border-slate-200 object-cover" /> : null}
            <Button variant="secondary" size="sm" disabled={uploading || sending} onClick={() => fileInput.current?.click()}>
              {photo?.state === "done" ? t("vehicles.defects.dialog.replacePhoto") : t("vehicles.defects.dialog.choosePhoto")}
            </Button>
            {photo?.state === "done" ? (
              <Button variant="ghost" size="sm" disabled={sending} onClick={() => { setPhoto(null); setPhotoError(undefined); }}>
                {t("vehicles.defects.dialog.removePhoto")}
              </Button>
            ) : null}
          </div>
          {photo?.state === "uploading" ? (
            <ProgressBar
              label={t("vehicles.defects.dialog.photoUploading", { name: photo.fileName })}
              value={Math.round(photo.fraction * 100)}
              max={100}
              text={photo.fraction >= 1 ? t("vehicles.defects.dialog.photoChecking") : t("vehicles.defects.dialog.photoProgress", { percent: Math.round(photo.fraction * 100) })}
            />
          ) : null}
          {photo?.state === "done" ? <p className="text-sm text-slate-700" role="status">{t("vehicles.defects.dialog.photoReady", { name: photo.fileName })}</p> : null}
          {photo?.state === "failed" ? <p role="alert" className="text-sm font-medium text-red-700">{photo.message}</p> : null}
          {photoError ? <p role="alert" className="text-sm font-medium text-red-700">{photoError}</p> : null}
        </fieldset>
      </form>
    </Modal>
  );
}
