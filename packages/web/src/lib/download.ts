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
  // the download has started from the URL; it is released once the click has been handled
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Starts the download of a file the API names by address (a signed link, or the e-mailed one, that answers
 * with `Content-Disposition: attachment`): a hidden link, clicked, so the page stays where it is.
 */
export function downloadUrl(url: string, fileName?: string) {
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName ?? "";
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
}
