import { useTranslation } from "react-i18next";
import type { FormDefinition } from "@fleetforms/core/form/definition";
import { formatDateTime } from "@/lib/format";
import type { VehicleReview as Review } from "../api/get-vehicle-review";
import type { Values } from "../lib/value-path";
import { FormRenderer, type FormRendererProps } from "./form-renderer";
import type { Lang } from "../types";

/** The one question of the review: the driver's signature, drawn or typed as every signature question is. */
export const REVIEW_DEFINITION: FormDefinition = {
  body: [{ type: "signature", name: "acknowledgement", label: { en: "Your signature: I have reviewed this report and its certification", es: "Su firma: he revisado este informe y su certificación" }, required: true }],
};

/**
 * The next driver's review (issue 42, 49 CFR 396.13): the vehicle's last report, its defects and their
 * certification, signed before the new inspection is sent.
 */
export function VehicleReviewPanel({ review, lang, values, onChange, errors, uploader, resolveAssetSrc }: {
  review: Review;
  lang: Lang;
  values: Values;
  onChange: FormRendererProps["onChange"];
  errors: Record<string, string[]>;
  uploader: FormRendererProps["uploader"];
  resolveAssetSrc: FormRendererProps["resolveAssetSrc"];
}) {
  const { t } = useTranslation();
  const report = review.report!;
  return (
    <section aria-labelledby="dvir-review" className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="dvir-review" className="text-lg font-semibold text-slate-900">
        {t("forms.dvir.reviewTitle", { id: report.submissionId })}
      </h2>
      <p className="text-sm text-slate-800">{t("forms.dvir.reviewIntro", { at: formatDateTime(report.inspectedAt, lang) })}</p>
      <ul className="flex flex-col gap-2">
        {report.defects.map((defect) => (
          <li key={defect.id} className="rounded-md bg-white p-3 text-sm text-slate-900">
            <span className="font-semibold">{defect.label[lang]}</span> {defect.answer[lang]}
            {defect.outOfService ? ` (${t("forms.dvir.outOfService")})` : ""}
            <div className="text-slate-700">
              {t(`forms.dvir.status.${defect.status}`)}
              {defect.certification ? ` · ${t("forms.dvir.certifiedBy", { name: defect.certification.certifiedByName, at: formatDateTime(defect.certification.certifiedAt, lang) })}: ${defect.certification.note}` : ""}
            </div>
          </li>
        ))}
      </ul>
      <FormRenderer definition={REVIEW_DEFINITION} values={values} onChange={onChange} errors={errors} lang={lang} uploader={uploader} resolveAssetSrc={resolveAssetSrc} idPrefix="dvir" />
    </section>
  );
}
