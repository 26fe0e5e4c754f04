import { useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";

export interface ViewerImage {
  id: number;
  src: string;
  alt: string;
}

const ZOOMS: readonly number[] = [1, 1.5, 2, 3];
const scale = (step: number) => ZOOMS[step] ?? 1;

/**
 * A submission's photos, large (issue 19): one at a time with previous and next (buttons or the arrow keys)
 * and zoom (buttons or + and -); a zoomed photo scrolls inside the dialog. Escape closes it.
 */
export function PhotoViewer({ images, index, onIndex, onClose }: { images: ViewerImage[]; index: number | null; onIndex: (index: number) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState(0);
  const image = index === null ? undefined : images[index];
  const go = (step: number) => {
    if (index === null || images.length < 2) return;
    setZoom(0);
    onIndex((index + step + images.length) % images.length);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight") go(1);
    else if (event.key === "ArrowLeft") go(-1);
    else if (event.key === "+" || event.key === "=") setZoom((z) => Math.min(z + 1, ZOOMS.length - 1));
    else if (event.key === "-") setZoom((z) => Math.max(z - 1, 0));
    else return;
    event.preventDefault();
  };
  return (
    <Modal
      open={image !== undefined}
      onClose={() => {
        setZoom(0);
        onClose();
      }}
      size="4xl"
      title={image ? t("submissions.photos.title", { n: (index ?? 0) + 1, count: images.length }) : ""}
      description={image?.alt}
      footer={
        <div className="flex w-full flex-wrap items-center justify-between gap-2">
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setZoom((z) => Math.max(z - 1, 0))} disabled={zoom === 0} className="min-h-11 min-w-11">
              {t("submissions.photos.zoomOut")}
            </Button>
            <Button variant="secondary" onClick={() => setZoom((z) => Math.min(z + 1, ZOOMS.length - 1))} disabled={zoom === ZOOMS.length - 1} className="min-h-11 min-w-11">
              {t("submissions.photos.zoomIn")}
            </Button>
            <span className="self-center text-sm text-slate-700" aria-live="polite">
              {Math.round(scale(zoom) * 100)}%
            </span>
          </div>
          {images.length > 1 ? (
            <div className="flex gap-2">
              <Button variant="secondary" onClick={() => go(-1)} className="min-h-11 min-w-11">
                {t("submissions.photos.previous")}
              </Button>
              <Button variant="secondary" onClick={() => go(1)} className="min-h-11 min-w-11">
                {t("submissions.photos.next")}
              </Button>
            </div>
          ) : null}
        </div>
      }
    >
      {image ? (
        // the arrow and zoom keys work wherever focus is inside the photo's frame
        <div role="group" aria-label={t("submissions.photos.frame")} tabIndex={0} onKeyDown={onKeyDown} className="max-h-[70vh] overflow-auto rounded-md bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600">
          <img src={image.src} alt={image.alt} style={{ width: `${scale(zoom) * 100}%`, maxWidth: "none" }} className="mx-auto block h-auto object-contain" />
        </div>
      ) : null}
    </Modal>
  );
}
