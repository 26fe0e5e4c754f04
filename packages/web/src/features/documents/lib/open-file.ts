import { contentUrl, getAssetToken } from "../api/get-asset-token";

/**
 * SPEC §7: a download starts by navigating a hidden link in the same window to the token content URL with
 * download=true; the API answers it as an attachment, so the page stays where it is.
 */
export async function downloadAsset(assetId: number): Promise<void> {
  const url = contentUrl(assetId, await getAssetToken(assetId), true);
  const link = document.createElement("a");
  link.href = url;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
}

/** The inline URL of a file, for an <img>. */
export async function inlineUrl(assetId: number): Promise<string> {
  return contentUrl(assetId, await getAssetToken(assetId));
}

/**
 * A PDF to show in a frame. The content URL redirects to storage, which serves user files with a sandbox
 * CSP (no PDF viewer runs in a sandbox) from an origin the app's frame-src does not list; the bytes are
 * fetched instead and framed from a blob: URL (frame-src allows blob:, as the template builder's preview does).
 */
export async function pdfObjectUrl(assetId: number, signal?: AbortSignal): Promise<string> {
  const response = await fetch(await inlineUrl(assetId), { signal });
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`.trim());
  const bytes = await response.blob();
  return URL.createObjectURL(new Blob([bytes], { type: "application/pdf" }));
}
