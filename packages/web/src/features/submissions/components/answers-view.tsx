import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiUrl } from "@/lib/api-client";
import type { PreviewNode } from "../types";
import { PhotoViewer, type ViewerImage } from "./photo-viewer";

type Field = Extract<PreviewNode, { kind: "field" }>;

/** Every photo of the answers in page order (signatures are shown whole where they are, not in the viewer). */
function photosIn(nodes: PreviewNode[], found: ViewerImage[] = []): ViewerImage[] {
  for (const node of nodes) {
    if (node.kind === "section") photosIn(node.children, found);
    else if (node.kind === "group") node.items.forEach((item) => photosIn(item.children, found));
    else if (node.type !== "signature") {
      for (const asset of node.assets) if (asset.fileType.startsWith("image/")) found.push({ id: asset.id, src: apiUrl(asset.src), alt: asset.fileName || node.label });
    }
  }
  return found;
}

/** The answers as the PDF shows them (GET /submissions/preview/{id}): sections, group items, pictures; photos open large. */
export function AnswersView({ nodes }: { nodes: PreviewNode[] }) {
  const { t } = useTranslation();
  const photos = useMemo(() => photosIn(nodes), [nodes]);
  const [open, setOpen] = useState<number | null>(null);
  if (nodes.length === 0) return <p className="text-sm text-slate-700">{t("submissions.answers.none")}</p>;
  return (
    <>
      <Nodes nodes={nodes} depth={0} onOpen={(assetId) => setOpen(photos.findIndex((photo) => photo.id === assetId))} />
      <PhotoViewer images={photos} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
    </>
  );
}

function Nodes({ nodes, depth, onOpen }: { nodes: PreviewNode[]; depth: number; onOpen: (assetId: number) => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      {nodes.map((node, index) => {
        if (node.kind === "section") {
          const Heading = depth === 0 ? "h3" : "h4";
          return (
            <section key={index} className="flex flex-col gap-2">
              <Heading className="font-semibold text-slate-900">{node.label}</Heading>
              <Nodes nodes={node.children} depth={depth + 1} onOpen={onOpen} />
            </section>
          );
        }
        if (node.kind === "group") {
          return (
            <section key={index} className="flex flex-col gap-2">
              <h4 className="font-semibold text-slate-900">{node.label}</h4>
              <ol className="flex flex-col gap-2">
                {node.items.map((item, i) => (
                  <li key={i} className="rounded-md border border-slate-200 p-3">
                    <p className="mb-2 text-sm font-semibold text-slate-800">{item.label}</p>
                    <Nodes nodes={item.children} depth={depth + 1} onOpen={onOpen} />
                  </li>
                ))}
              </ol>
            </section>
          );
        }
        return (
          <dl key={index} className="grid gap-1 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] sm:gap-4">
            <dt className="text-sm font-medium text-slate-700">{node.label}</dt>
            <dd className="text-sm text-slate-900">
              {node.assets.length ? (
                <ul className="flex flex-wrap gap-2">
                  {node.assets.map((asset) =>
                    asset.fileType.startsWith("image/") ? (
                      <li key={asset.id}>
                        <Picture field={node} asset={asset} onOpen={onOpen} />
                      </li>
                    ) : (
                      <li key={asset.id}>
                        <a href={apiUrl(`${asset.src}&download=true`)} className="font-semibold text-brand-700 underline underline-offset-2">
                          {asset.fileName || t("submissions.answers.file", { id: asset.id })}
                        </a>
                      </li>
                    ),
                  )}
                </ul>
              ) : (
                node.answer || "—"
              )}
            </dd>
          </dl>
        );
      })}
    </div>
  );
}

/** A signature whole (never cropped: the name drawn is the point); a photo as a thumbnail that opens large. */
function Picture({ field, asset, onOpen }: { field: Field; asset: Field["assets"][number]; onOpen: (assetId: number) => void }) {
  const { t } = useTranslation();
  const alt = asset.fileName || field.label;
  if (field.type === "signature") {
    return <img src={apiUrl(asset.src)} alt={alt} className="h-auto max-h-32 w-auto max-w-full rounded-md border border-slate-200 bg-white object-contain p-1" loading="lazy" />;
  }
  return (
    <button type="button" onClick={() => onOpen(asset.id)} className="block rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600" aria-label={t("submissions.photos.open", { name: alt })}>
      <img src={apiUrl(asset.src)} alt="" className="h-28 w-28 rounded-md border border-slate-200 object-cover" loading="lazy" />
    </button>
  );
}
