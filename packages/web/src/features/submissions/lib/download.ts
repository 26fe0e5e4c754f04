/** SPEC §3: a submission's PDF is downloaded named submission_{id}.pdf. */
export const pdfFileName = (submissionId: number | string) => `submission_${submissionId}.pdf`;

/** Hands a file to the browser as a download with the given name (a hidden link, clicked, in the same window). */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; it is released once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A share link as something to paste: absolute, on the API the app talks to. */
export function absoluteShareUrl(link: { url: string; path: string }, origin: string, apiBase: string): string {
  if (/^https?:\/\//i.test(link.url)) return link.url;
  const base = /^https?:\/\//i.test(apiBase) ? apiBase : `${origin}${apiBase}`;
  return `${base.replace(/\/$/, "")}${link.path}`;
}
