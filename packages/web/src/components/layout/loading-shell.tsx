import { Spinner } from "@/components/ui/spinner";
import { LogoMark } from "./logo";

/**
 * What shows while the app's code, translations or a page load: the brand bar that index.html already
 * painted, and a spinner. Same size and place as the marketing header, so nothing jumps.
 */
export function LoadingShell() {
  return (
    <div className="min-h-screen">
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
          <LogoMark />
          <span className="text-lg font-bold tracking-tight text-slate-900">Fleetforms</span>
        </div>
      </div>
      <div className="grid place-items-center py-24">
        <Spinner />
      </div>
    </div>
  );
}
