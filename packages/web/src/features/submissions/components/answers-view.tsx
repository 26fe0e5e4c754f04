import { useTranslation } from "react-i18next";
import { apiUrl } from "@/lib/api-client";
import type { PreviewNode } from "../types";

/** The answers as the PDF shows them (GET /submissions/preview/{id}): sections, group items, pictures. */
export function AnswersView({ nodes, depth = 0 }: { nodes: PreviewNode[]; depth?: number }) {
  const { t } = useTranslation();
  if (nodes.length === 0 && depth === 0) return <p className="text-sm text-slate-700">{t("submissions.answers.none")}</p>;
  return (
    <div className="flex flex-col gap-4">
      {nodes.map((node, index) => {
        if (node.kind === "section") {
          const Heading = depth === 0 ? "h3" : "h4";
          return (
            <section key={index} className="flex flex-col gap-2">
              <Heading className="font-semibold text-slate-900">{node.label}</Heading>
              <AnswersView nodes={node.children} depth={depth + 1} />
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
                    <AnswersView nodes={item.children} depth={depth + 1} />
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
                        <img src={apiUrl(asset.src)} alt={asset.fileName || node.label} className="h-28 w-28 rounded-md border border-slate-200 object-cover" loading="lazy" />
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
