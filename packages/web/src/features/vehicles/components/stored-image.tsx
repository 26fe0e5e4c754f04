import useSWR from "swr";
import { getAssetSrc } from "@/lib/asset-src";
import { cn } from "@/lib/cn";

/**
 * A stored picture of the company (a signature, a repair's photo), shown from a short-lived URL once it is known.
 * Nothing when the caller may not reach it (a driver is not shown a colleague's files).
 */
export function StoredImage({ assetId, alt, className }: { assetId: number; alt: string; className?: string }) {
  const { data: src, error } = useSWR(["asset-src", assetId], () => getAssetSrc(assetId), { revalidateOnFocus: false, shouldRetryOnError: false });
  if (error) return null;
  if (!src) return <span className={cn("inline-block animate-pulse rounded bg-slate-100", className)} aria-hidden="true" />;
  return <img src={src} alt={alt} className={cn("rounded border border-slate-200 bg-white object-contain", className)} />;
}
