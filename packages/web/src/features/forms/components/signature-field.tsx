import { useEffect, useRef, useState, type PointerEvent } from "react";
import { localized, type SignatureElement } from "@fleetforms/core/form/definition";
import { Button } from "@/components/ui/button";
import { assetList } from "../lib/client-asset";
import { errorKey as keyOf, fieldId, getAt, type ValuePath } from "../lib/value-path";
import { controlClasses, FieldErrors, HelpText, RequiredMark, useFieldIds } from "./field-shell";
import { AssetItem, useAssetUploads } from "./asset-field";
import { useFormTranslation, useRenderer } from "./renderer-context";

const WIDTH = 600;
const HEIGHT = 180;

/** The typed name drawn as a signature, for people who sign with the keyboard. */
function drawTypedName(context: CanvasRenderingContext2D, name: string) {
  context.clearRect(0, 0, WIDTH, HEIGHT);
  context.fillStyle = "#0f172a";
  let size = 56;
  do {
    context.font = `italic ${size}px "Segoe Script", "Brush Script MT", "Snell Roundhand", cursive`;
    size -= 4;
  } while (context.measureText(name).width > WIDTH - 40 && size > 16);
  context.textBaseline = "middle";
  context.fillText(name, 20, HEIGHT / 2);
}

const toBlob = (canvas: HTMLCanvasElement) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));

/** How long typing may pause before the typed name is saved as the signature. */
const TYPED_PAUSE_MS = 600;

/**
 * A signature: drawn with a finger, pen or mouse on the pad, or typed (the
 * keyboard way), and saved as a PNG through the same upload flow as photos
 * each time the pen lifts (or typing pauses): the ink on screen is the
 * answer, with no separate save (issue 19). Each new stroke saves the whole
 * pad again and the newest upload wins; "Clear and sign again" starts over.
 */
export function SignatureField({ element, path }: { element: SignatureElement; path: ValuePath }) {
  const { t } = useFormTranslation();
  const { values, lang, readOnly, idPrefix, uploader, clearError } = useRenderer();
  const key = keyOf(path);
  const id = fieldId(idPrefix, path);
  const ids = useFieldIds(id, key, element.help);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [inked, setInked] = useState(false);
  const [typed, setTyped] = useState("");
  /** the answer came from this pad on this screen (rather than a stored signature being amended) */
  const [signedHere, setSignedHere] = useState(false);
  const typing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { start, remove } = useAssetUploads(path, false);
  const saved = assetList(getAt(values, path))[0];
  const label = localized(element.label, lang);

  const context = () => canvas.current?.getContext("2d") ?? null;
  useEffect(() => {
    const ctx = context();
    if (!ctx) return;
    ctx.lineWidth = 3;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.strokeStyle = "#0f172a";
  }, [saved]);
  useEffect(() => () => clearTimeout(typing.current), []);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: ((event.clientX - rect.left) / rect.width) * WIDTH, y: ((event.clientY - rect.top) / rect.height) * HEIGHT };
  };
  const down = (event: PointerEvent<HTMLCanvasElement>) => {
    const ctx = context();
    if (!ctx || readOnly) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    if (typed) setTyped("");
    const { x, y } = point(event);
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + 0.1, y + 0.1);
    ctx.stroke();
    setInked(true);
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    const ctx = context();
    if (!ctx || !drawing.current) return;
    const { x, y } = point(event);
    ctx.lineTo(x, y);
    ctx.stroke();
  };
  const save = async () => {
    if (!canvas.current) return;
    const blob = await toBlob(canvas.current);
    if (!blob) return;
    clearError(key);
    setSignedHere(true);
    start(new File([blob], "signature.png", { type: "image/png" }));
  };
  const up = () => {
    if (!drawing.current) return;
    drawing.current = false;
    void save();
  };
  const clear = () => {
    clearTimeout(typing.current);
    context()?.clearRect(0, 0, WIDTH, HEIGHT);
    setInked(false);
    setTyped("");
    setSignedHere(false);
    if (saved) remove(saved.key, 0);
  };
  const type = (name: string) => {
    setTyped(name);
    clearTimeout(typing.current);
    const ctx = context();
    if (!ctx) return;
    if (name.trim()) drawTypedName(ctx, name.trim());
    else ctx.clearRect(0, 0, WIDTH, HEIGHT);
    setInked(!!name.trim());
    // the pause saves it once: leaving the field afterwards (a click on Submit) must not save it again
    if (name.trim())
      typing.current = setTimeout(() => {
        typing.current = undefined;
        void save();
      }, TYPED_PAUSE_MS);
    else if (saved) remove(saved.key, 0);
  };
  /** a typed name counts as soon as the field is left, without waiting for the pause */
  const typedDone = () => {
    if (!typing.current || !typed.trim()) return;
    clearTimeout(typing.current);
    typing.current = undefined;
    void save();
  };
  const busy = saved?.status === "uploading" || saved?.status === "validating";

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={ids.describedBy}>
      <legend className="mb-1 text-sm font-medium text-slate-800">
        {label}
        <RequiredMark required={element.required} />
      </legend>
      {saved && !signedHere ? (
        <ul className="flex flex-col gap-2" aria-label={t("forms.assets.listLabel", { field: label })}>
          <AssetItem asset={{ ...saved, fileName: t("forms.signature.fileName") }} index={0} onRemove={() => remove(saved.key, 0)} />
        </ul>
      ) : readOnly ? (
        <p className="text-sm text-slate-600">{t("forms.renderer.noAnswer")}</p>
      ) : !uploader ? (
        <p className="text-sm text-slate-600">{t("forms.assets.notAvailable")}</p>
      ) : (
        <>
          <canvas
            ref={canvas}
            width={WIDTH}
            height={HEIGHT}
            role="img"
            aria-label={t("forms.signature.pad", { field: label })}
            className="h-36 w-full max-w-xl touch-none rounded-md border border-dashed border-slate-400 bg-white"
            onPointerDown={down}
            onPointerMove={move}
            onPointerUp={up}
            onPointerCancel={up}
          />
          <p className="text-xs text-slate-600">{t("forms.signature.instructions")}</p>
          <div className="flex max-w-xl flex-col gap-1">
            <label htmlFor={id} className="text-sm text-slate-800">
              {t("forms.signature.typed")}
            </label>
            {/* the field's id: the error summary's link lands here, the keyboard way to sign */}
            <input id={id} type="text" autoComplete="name" aria-describedby={ids.describedBy} aria-invalid={ids.invalid || undefined} className={controlClasses} value={typed} maxLength={80} onChange={(event) => type(event.target.value)} onBlur={typedDone} />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" size="sm" onClick={clear} disabled={!inked && !saved}>
              {t("forms.signature.redo")}
            </Button>
            <span className="text-sm" aria-live="polite">
              {!signedHere || !saved ? null : busy ? (
                <span className="text-slate-700">{t("forms.signature.saving")}</span>
              ) : saved.status === "valid" ? (
                <span className="font-medium text-green-800">{t("forms.signature.saved")}</span>
              ) : saved.status === "device" ? (
                <span className="font-medium text-slate-700">{t("offline.files.onDevice")}</span>
              ) : saved.status === "error" ? (
                <span role="alert" className="flex flex-wrap items-center gap-2 text-red-800">
                  {t(`forms.assets.errors.${saved.error?.code ?? "uploadFailed"}`)}
                  <Button variant="secondary" size="sm" onClick={() => void save()}>
                    {t("forms.signature.retry")}
                  </Button>
                </span>
              ) : null}
            </span>
          </div>
        </>
      )}
      <HelpText id={ids.help} help={element.help} />
      <FieldErrors id={ids.error} errorKey={key} />
    </fieldset>
  );
}
