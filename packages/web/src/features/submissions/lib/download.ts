export { saveBlob } from "@/lib/download";

/** SPEC §3: a submission's PDF is downloaded named submission_{id}.pdf. */
export const pdfFileName = (submissionId: number | string) => `submission_${submissionId}.pdf`;

/** A share link as something to paste: absolute, on the API the app talks to. */
export function absoluteShareUrl(link: { url: string; path: string }, origin: string, apiBase: string): string {
  if (/^https?:\/\//i.test(link.url)) return link.url;
  const base = /^https?:\/\//i.test(apiBase) ? apiBase : `${origin}${apiBase}`;
  return `${base.replace(/\/$/, "")}${link.path}`;
}
