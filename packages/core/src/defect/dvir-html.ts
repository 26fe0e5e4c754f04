import { formatDateTime, type Lang } from "../form/display";
import { RENDER_ORIGIN } from "../pdf/origin";

/**
 * The DVIR part of an inspection's PDF (issue 42, 49 CFR 396.11): its defects with their certification, the
 * out-of-service warning, the driver's review of the report before, and the next driver's acknowledgement of
 * this one. Printed after the template's content on every inspection's PDF, like the amendment log, in the
 * document's language. Pure: it reads only what the model carries.
 */

export interface DvirModel {
  defects: {
    id: string;
    label: Record<Lang, string>;
    answer: Record<Lang, string>;
    outOfService: boolean;
    status: "open" | "repaired" | "no_repair_needed" | "withdrawn";
    certification: { certifiedByName: string; certifiedAt: string; note: string; photoAssetId: number | null } | null;
    withdrawal?: { withdrawnByName: string; withdrawnAt: string } | null;
  }[];
  outOfServiceWarningShown: boolean;
  reviewed?: { submissionId: number; signatureAssetId: number; signedByName: string; signedAt: string };
  acknowledgedBy?: { submissionId: number; signatureAssetId: number; signedByName: string; signedAt: string };
}

const WORDS = {
  en: {
    title: "Driver vehicle inspection report: defects and repairs",
    none: "This inspection reported no defects.",
    defect: "Defect",
    state: "Status",
    certification: "Certification",
    open: "Open: not yet certified",
    repaired: "Repaired",
    no_repair_needed: "No repair needed",
    withdrawn: "Withdrawn: the inspection was amended",
    withdrawnBy: "Amended by",
    outOfService: "out of service",
    certifiedBy: "Certified by",
    on: "on",
    warned: "The driver was warned that this vehicle was out of service when choosing it.",
    reviewed: "The driver reviewed the previous report (submission #{id}) and its certification, and signed:",
    acknowledged: "The next driver reviewed this report and its certification (submission #{id}) and signed:",
    notAcknowledged: "Not yet reviewed by the next driver.",
    signedBy: "Signed by",
  },
  es: {
    title: "Informe de inspección del vehículo por el conductor: defectos y reparaciones",
    none: "Esta inspección no informó defectos.",
    defect: "Defecto",
    state: "Estado",
    certification: "Certificación",
    open: "Abierto: aún sin certificar",
    repaired: "Reparado",
    no_repair_needed: "No necesita reparación",
    withdrawn: "Retirado: se modificó la inspección",
    withdrawnBy: "Modificado por",
    outOfService: "fuera de servicio",
    certifiedBy: "Certificado por",
    on: "el",
    warned: "Se advirtió al conductor que este vehículo estaba fuera de servicio al elegirlo.",
    reviewed: "El conductor revisó el informe anterior (envío n.º {id}) y su certificación, y firmó:",
    acknowledged: "El siguiente conductor revisó este informe y su certificación (envío n.º {id}) y firmó:",
    notAcknowledged: "El siguiente conductor aún no lo ha revisado.",
    signedBy: "Firmado por",
  },
} as const;

// no ligatures: the record's words are copied and searched as written ("certified", not "certi fi ed")
export const DVIR_CSS = `.ff-dvir{margin-top:18pt;font-family:Arial,"Liberation Sans",sans-serif;font-size:9.5pt;font-variant-ligatures:none}.ff-dvir h2{font-size:12.5pt;border-bottom:1px solid #cbd5e1;break-after:avoid;page-break-after:avoid}.ff-dvir table{width:100%;border-collapse:collapse}.ff-dvir td,.ff-dvir th{text-align:left;vertical-align:top;padding:3pt 5pt;border-bottom:1px solid #e2e8f0}.ff-dvir tr{break-inside:avoid;page-break-inside:avoid}.ff-dvir .open{color:#b91c1c;font-weight:700}.ff-dvir figure{margin:4pt 0;break-inside:avoid}.ff-dvir img{max-height:60pt;max-width:220pt;border-bottom:1px solid #94a3b8}.ff-dvir .ff-note{white-space:pre-wrap;overflow-wrap:anywhere}`;

const escape = (value: unknown) => String(value ?? "").replace(/[&<>"'`=]/g, (char) => `&#${char.charCodeAt(0)};`);
const src = (id: number) => `${RENDER_ORIGIN}/v2/assets/${id}/content`;

export function dvirHtml(dvir: DvirModel | undefined, lang: Lang, timeZone: string): string {
  if (!dvir) return "";
  const w = WORDS[lang];
  const when = (at: string) => escape(formatDateTime(at, lang, timeZone));
  const rows = dvir.defects
    .map((defect) => {
      const certification = defect.certification
        ? `${escape(w.certifiedBy)} ${escape(defect.certification.certifiedByName)} ${escape(w.on)} ${when(defect.certification.certifiedAt)}<div class="ff-note">${escape(defect.certification.note)}</div>${defect.certification.photoAssetId ? `<figure><img src="${src(defect.certification.photoAssetId)}" alt=""></figure>` : ""}`
        : defect.withdrawal
          ? `${escape(w.withdrawnBy)} ${escape(defect.withdrawal.withdrawnByName)} ${escape(w.on)} ${when(defect.withdrawal.withdrawnAt)}`
          : "";
      return `<tr><td><b>${escape(defect.label[lang])}</b> ${escape(defect.answer[lang])}${defect.outOfService ? ` (${escape(w.outOfService)})` : ""}</td><td${defect.status === "open" ? ' class="open"' : ""}>${escape(w[defect.status])}</td><td>${certification}</td></tr>`;
    })
    .join("");
  const table = dvir.defects.length ? `<table><tr><th>${w.defect}</th><th>${w.state}</th><th>${w.certification}</th></tr>${rows}</table>` : `<p>${escape(w.none)}</p>`;
  const signed = (text: string, review: NonNullable<DvirModel["reviewed"]>) =>
    `<p>${escape(text.replace("{id}", String(review.submissionId)))}</p><figure><img src="${src(review.signatureAssetId)}" alt=""><figcaption>${escape(w.signedBy)} ${escape(review.signedByName)} · ${when(review.signedAt)}</figcaption></figure>`;
  const warned = dvir.outOfServiceWarningShown ? `<p class="open">${escape(w.warned)}</p>` : "";
  const reviewed = dvir.reviewed ? signed(w.reviewed, dvir.reviewed) : "";
  const toReview = dvir.defects.some((defect) => defect.status !== "withdrawn");
  const next = dvir.acknowledgedBy ? signed(w.acknowledged, dvir.acknowledgedBy) : toReview ? `<p>${escape(w.notAcknowledged)}</p>` : "";
  return `<section class="ff-dvir"><style>${DVIR_CSS}</style><h2>${escape(w.title)}</h2>${warned}${table}${next}${reviewed}</section>`;
}
