import { useEffect, useRef, useState } from "react";
import { FILE_TYPES, LIMITS, localized, type FileElement, type PhotoElement, type SignatureElement } from "@fleetforms/core/form/definition";
import { Button, buttonClasses } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { assetList, newAssetKey, type ClientAsset } from "../lib/client-asset";
import { UploadError, type Uploader } from "../lib/upload-file";
import { errorKey as keyOf, fieldId, getAt, setAt, type ValuePath, type Values } from "../lib/value-path";
import { FieldErrors, HelpText, RequiredMark, useFieldIds } from "./field-shell";
import { useFormTranslation, useRenderer } from "./renderer-context";

/** Image types the server accepts for photos and signatures. */
export const IMAGE_TYPES = FILE_TYPES.filter((type) => type.startsWith("image/"));

type AssetElement = PhotoElement | FileElement | SignatureElement;

export function acceptedTypes(element: AssetElement): readonly string[] {
  if (element.type === "file") return element.accept ?? FILE_TYPES;
  return IMAGE_TYPES;
}

/** How many files an element takes. */
export const maxFilesOf = (element: AssetElement) => (element.type !== "signature" && element.multiple ? (element.maxFiles ?? LIMITS.files) : 1);

/**
 * Starts uploading files into an asset answer: each appears at once with a
 * progress bar, then becomes a reference with the server's id, or an error.
 */
export function useAssetUploads(path: ValuePath, many: boolean) {
  const { update, uploader } = useRenderer();
  const patch = (key: string, change: Partial<ClientAsset>) =>
    update((values: Values) =>
      setAt(values, path, (previous) => {
        if (many) return assetList(previous).map((asset) => (asset.key === key ? { ...asset, ...change } : asset));
        const current = previous as Partial<ClientAsset> | undefined;
        return current?.key === key ? { ...current, ...change } : previous;
      }),
    );
  // the picked files, kept while on screen so a failed upload can be tried again without picking again
  const files = useRef(new Map<string, File>());
  const send = (key: string, file: File, upload: Uploader) => {
    upload(file, (phase, fraction) => patch(key, { status: phase, progress: fraction }))
      .then((done) => {
        files.current.delete(key);
        if (done.deviceKey !== undefined) patch(key, { deviceKey: done.deviceKey, fileType: done.fileType, status: "device", progress: 1, error: undefined });
        else patch(key, { id: done.id, fileType: done.fileType, status: "valid", progress: 1, error: undefined });
      })
      .catch((error: unknown) => {
        const code = error instanceof UploadError ? error.code : "uploadFailed";
        const detail = error instanceof UploadError ? error.detail : undefined;
        patch(key, { status: "error", error: { code, detail } });
      });
  };
  const start = (file: File, upload: Uploader | undefined = uploader, failure?: ClientAsset["error"]) => {
    const key = newAssetKey();
    const asset: ClientAsset = {
      type: "asset",
      key,
      fileType: file.type || "unknown",
      fileName: file.name,
      size: file.size,
      status: failure ? "error" : "uploading",
      progress: 0,
      error: failure,
      previewUrl: file.type.startsWith("image/") ? URL.createObjectURL(file) : undefined,
    };
    update((values) => setAt(values, path, (previous) => (many ? [...assetList(previous), asset] : asset)));
    if (failure || !upload) return;
    files.current.set(key, file);
    send(key, file, upload);
  };
  /** The same file once more, after a failure on the way (no upload URL, storage or the status check). */
  const retry = (key: string | undefined) => {
    const file = key ? files.current.get(key) : undefined;
    if (!key || !file || !uploader) return;
    patch(key, { status: "uploading", progress: 0, error: undefined });
    send(key, file, uploader);
  };
  const remove = (key: string | undefined, index: number) => {
    if (key) files.current.delete(key);
    update((values) =>
      setAt(values, path, (previous) => {
        if (!many) return undefined;
        const next = assetList(previous).filter((asset, i) => (key ? asset.key !== key : i !== index));
        return next.length ? next : undefined;
      }),
    );
  };
  return { start, remove, retry };
}

/** A picture of a stored or picked file; stored ones get a short-lived URL from the API. */
function AssetPreview({ asset, alt }: { asset: Partial<ClientAsset>; alt: string }) {
  const { resolveAssetSrc } = useRenderer();
  const [src, setSrc] = useState<string | undefined>(asset.previewUrl);
  const isImage = (asset.fileType ?? "").startsWith("image/") || asset.fileType === "unknown";
  useEffect(() => {
    if (asset.previewUrl) return setSrc(asset.previewUrl);
    if (!asset.id || !resolveAssetSrc || !isImage) return;
    let live = true;
    resolveAssetSrc(asset.id)
      .then((url) => live && setSrc(url))
      .catch((error: unknown) => console.warn("asset src", error));
    return () => {
      live = false;
    };
  }, [asset.id, asset.previewUrl, resolveAssetSrc, isImage]);
  if (!src || !isImage) return null;
  return <img src={src} alt={alt} className="h-20 w-20 rounded-md border border-slate-200 object-cover" />;
}

/** One file in an answer: its name, a picture, the progress bar while it uploads, its error or a remove button. */
/** Failures on the way to storage, which the same file may get past on a second try. */
const RETRYABLE = new Set(["uploadUrl", "s3Upload", "status", "uploadFailed"]);

export function AssetItem({ asset, index, onRemove, onRetry }: { asset: Partial<ClientAsset>; index: number; onRemove?: () => void; onRetry?: () => void }) {
  const { t } = useFormTranslation();
  const { readOnly } = useRenderer();
  const name = asset.fileName || t("forms.assets.fileNumber", { id: asset.id ?? index + 1 });
  const percent = Math.round((asset.progress ?? 0) * 100);
  const busy = asset.status === "uploading" || asset.status === "validating";
  return (
    <li className={cn("flex items-start gap-3 rounded-md border p-2", asset.status === "error" ? "border-red-300 bg-red-50" : "border-slate-200 bg-white")}>
      <AssetPreview asset={asset} alt={name} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="truncate text-sm font-medium text-slate-900">{name}</span>
        {busy ? (
          <>
            <div
              role="progressbar"
              aria-label={t("forms.assets.progressLabel", { name })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-valuetext={asset.status === "validating" ? t("forms.assets.validating") : t("forms.assets.uploading", { percent })}
              className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full rounded-full bg-brand-600 transition-[width] duration-150" style={{ width: `${percent}%` }} />
            </div>
            <span className="text-xs text-slate-700" aria-live="polite">
              {asset.status === "validating" ? t("forms.assets.validating") : t("forms.assets.uploading", { percent })}
            </span>
          </>
        ) : asset.status === "error" ? (
          <span role="alert" className="text-sm text-red-800">
            {t(`forms.assets.errors.${asset.error?.code ?? "uploadFailed"}`)}
            {asset.error?.detail ? `: ${asset.error.detail}` : ""}
          </span>
        ) : asset.status === "valid" ? (
          <span className="text-xs font-medium text-green-800">{t("forms.assets.uploaded")}</span>
        ) : asset.status === "device" ? (
          <span className="text-xs font-medium text-slate-700">{t("offline.files.onDevice")}</span>
        ) : null}
      </div>
      {!readOnly && onRetry && asset.status === "error" && RETRYABLE.has(asset.error?.code ?? "uploadFailed") ? (
        <Button variant="secondary" size="sm" onClick={onRetry} aria-label={t("recovery.upload.retryNamed", { name })}>
          {t("recovery.upload.retry")}
        </Button>
      ) : null}
      {!readOnly && onRemove && !busy ? (
        <Button variant="ghost" size="sm" onClick={onRemove} aria-label={t("forms.assets.removeNamed", { name })}>
          {t("forms.assets.remove")}
        </Button>
      ) : null}
    </li>
  );
}

/** A photo or file answer: a file picker and the files chosen, each uploaded through the v2 flow. */
export function AssetField({ element, path }: { element: PhotoElement | FileElement; path: ValuePath }) {
  const { t } = useFormTranslation();
  const { values, lang, readOnly, idPrefix, uploader, clearError } = useRenderer();
  const key = keyOf(path);
  const id = fieldId(idPrefix, path);
  const ids = useFieldIds(id, key, element.help);
  const input = useRef<HTMLInputElement>(null);
  const max = maxFilesOf(element);
  const many = element.multiple === true;
  const items = assetList(getAt(values, path));
  const accepted = acceptedTypes(element);
  const { start, remove, retry } = useAssetUploads(path, many);
  const room = many ? max - items.length : 1;

  const pick = (files: FileList | null) => {
    if (!files?.length) return;
    clearError(key);
    const list = [...files];
    list.forEach((file, i) => {
      if (i >= room) return start(file, undefined, { code: "tooMany", detail: t("forms.assets.tooMany", { max }) });
      if (!accepted.includes(file.type)) return start(file, undefined, { code: "type", detail: t("forms.assets.typeNotAccepted", { type: file.type || "?" }) });
      start(file);
    });
    if (input.current) input.current.value = "";
  };

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {localized(element.label, lang)}
        <RequiredMark required={element.required} />
      </label>
      {!readOnly ? (
        uploader ? (
          <div>
            {/* The browser's own file button speaks the browser's language; this one speaks the page's. */}
            <input
              ref={input}
              id={id}
              type="file"
              accept={accepted.join(",")}
              multiple={many}
              disabled={room <= 0 && many}
              aria-describedby={ids.describedBy}
              aria-invalid={ids.invalid || undefined}
              className="peer sr-only"
              onChange={(event) => pick(event.target.files)}
            />
            <label
              htmlFor={id}
              className={cn(
                buttonClasses({ variant: "secondary", size: "sm" }),
                "cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60",
              )}
            >
              {t(element.type === "photo" ? (many ? "forms.assets.choosePhotos" : "forms.assets.choosePhoto") : many ? "forms.assets.chooseFiles" : "forms.assets.chooseFile")}
            </label>
          </div>
        ) : (
          <p id={id} className="text-sm text-slate-600">
            {t("forms.assets.notAvailable")}
          </p>
        )
      ) : null}
      {items.length ? (
        <ul className="flex flex-col gap-2" aria-label={t("forms.assets.listLabel", { field: localized(element.label, lang) })}>
          {items.map((asset, index) => (
            <AssetItem key={asset.key ?? `${asset.id}-${index}`} asset={asset} index={index} onRemove={() => remove(asset.key, index)} onRetry={asset.key ? () => retry(asset.key) : undefined} />
          ))}
        </ul>
      ) : readOnly ? (
        <p className="text-sm text-slate-600">{t("forms.renderer.noAnswer")}</p>
      ) : null}
      <HelpText id={ids.help} help={element.help} />
      <FieldErrors id={ids.error} errorKey={key} />
    </div>
  );
}
