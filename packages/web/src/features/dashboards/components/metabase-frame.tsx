import { useEffect } from "react";
import { renewDelay } from "../lib/renewal";
import type { MetabaseView } from "../types";

/**
 * The Metabase dashboard embedded with the address the API signed. The address lapses at `expiresAt` (ten
 * minutes); `onRenew` asks for a fresh one a minute before, and the frame moves to it.
 */
export function MetabaseFrame({ view, title, onRenew, fullHeight = false }: { view: MetabaseView; title: string; onRenew: () => void; fullHeight?: boolean }) {
  useEffect(() => {
    const timer = setTimeout(onRenew, renewDelay(view.expiresAt));
    return () => clearTimeout(timer);
  }, [view.expiresAt, onRenew]);
  return (
    <iframe
      src={view.url}
      title={title}
      className={fullHeight ? "h-[calc(100vh-8rem)] min-h-[32rem] w-full rounded-lg border border-slate-200 bg-white" : "h-[48rem] w-full rounded-lg border border-slate-200 bg-white"}
      // the reporting tool's own page: no access to this one
      sandbox="allow-scripts allow-same-origin allow-popups allow-downloads"
      referrerPolicy="no-referrer"
    />
  );
}
