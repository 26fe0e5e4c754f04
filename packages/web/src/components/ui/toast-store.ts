export type ToastKind = "success" | "error";

export interface Toast {
  id: number;
  kind: ToastKind;
  /** an already translated message */
  message: string;
}

/** Errors stay longer: they usually ask the person to do something. */
export const TOAST_DURATION_MS: Record<ToastKind, number> = { success: 5000, error: 10000 };
const MAX_VISIBLE = 4;

type Timer = ReturnType<typeof setTimeout>;

export function createToastStore(schedule: (fn: () => void, ms: number) => Timer = setTimeout, cancel: (timer: Timer) => void = clearTimeout) {
  let nextId = 1;
  let toasts: readonly Toast[] = [];
  const timers = new Map<number, Timer>();
  const listeners = new Set<() => void>();
  const set = (next: readonly Toast[]) => {
    toasts = next;
    listeners.forEach((listener) => listener());
  };

  const dismiss = (id: number) => {
    const timer = timers.get(id);
    if (timer !== undefined) cancel(timer);
    timers.delete(id);
    if (toasts.some((toast) => toast.id === id)) set(toasts.filter((toast) => toast.id !== id));
  };

  const show = (kind: ToastKind, message: string) => {
    const toast: Toast = { id: nextId++, kind, message };
    const kept = toasts.slice(-(MAX_VISIBLE - 1));
    for (const dropped of toasts.slice(0, toasts.length - kept.length)) dismiss(dropped.id);
    set([...kept, toast]);
    timers.set(toast.id, schedule(() => dismiss(toast.id), TOAST_DURATION_MS[kind]));
    return toast.id;
  };

  return {
    success: (message: string) => show("success", message),
    error: (message: string) => show("error", message),
    dismiss,
    list: () => toasts,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** toast.success("…") and toast.error("…") from anywhere; <Toaster /> shows them. */
export const toast = createToastStore();
