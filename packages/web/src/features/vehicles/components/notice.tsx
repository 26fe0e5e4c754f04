import type { ComponentProps } from "react";
import { Notice as SharedNotice } from "@/components/ui/notice";
import { cn } from "@/lib/cn";

/** The shared notice, with the vehicle screens' warnings (an import's problems) announced as alerts, in stronger amber. */
export function Notice(props: ComponentProps<typeof SharedNotice>) {
  const warning = props.kind === "warning";
  return <SharedNotice {...props} alert={props.kind === "error" || warning} className={cn(warning && "border-amber-300 text-amber-950", props.className)} />;
}
