/** SPEC §2: the four kinds of alert dialog. */
export const ALERT_KINDS = ["info", "success", "warning", "error"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export interface AlertOptions {
  kind?: AlertKind;
  /** defaults to the translated common.alerts.{kind} */
  title?: string;
  text: string;
  /** defaults to the translated common.actions.ok */
  confirmLabel?: string;
  /** a cancel button is shown when this is set, or when the alert is a confirm() */
  cancelLabel?: string;
  showCancel?: boolean;
}

/** Where focus goes back to once the alert closes. */
export interface FocusReturn {
  focus(): void;
  readonly isConnected: boolean;
}

export interface OpenAlert extends AlertOptions {
  id: number;
  kind: AlertKind;
  showCancel: boolean;
  opener?: FocusReturn | null;
}

type Listener = () => void;

/**
 * A queue of alerts shown one at a time. Each open() returns a promise that settles when the person
 * answers: true for the confirm button, false for cancel, Escape or a click outside.
 */
export function createAlertStore() {
  let nextId = 1;
  const queue: { alert: OpenAlert; resolve: (confirmed: boolean) => void }[] = [];
  const listeners = new Set<Listener>();
  const notify = () => listeners.forEach((listener) => listener());

  return {
    open(options: AlertOptions & { opener?: FocusReturn | null }): Promise<boolean> {
      if (listeners.size === 0) return Promise.reject(new Error("An alert was opened with no <AlertProvider> mounted"));
      return new Promise<boolean>((resolve) => {
        const alert: OpenAlert = { ...options, id: nextId++, kind: options.kind ?? "info", showCancel: options.showCancel ?? options.cancelLabel !== undefined };
        queue.push({ alert, resolve });
        notify();
      });
    },
    /** the alert on screen, or undefined */
    current(): OpenAlert | undefined {
      return queue[0]?.alert;
    },
    settle(id: number, confirmed: boolean) {
      const head = queue[0];
      if (!head || head.alert.id !== id) return;
      queue.shift();
      head.resolve(confirmed);
      notify();
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type AlertStore = ReturnType<typeof createAlertStore>;

export const alertStore = createAlertStore();

const focused = (): FocusReturn | null => (typeof document !== "undefined" && document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null);

/** Shows an alert and resolves once it is closed, however it was closed. */
export async function alert(options: AlertOptions | string): Promise<void> {
  await alertStore.open({ ...(typeof options === "string" ? { text: options } : options), opener: focused() });
}

/**
 * Asks a question: resolves true for the confirm button, false for cancel or Escape. The title is
 * required: it says what is being confirmed (issue 19), never the kind's word ("Information").
 */
export function confirm(options: AlertOptions & { title: string }): Promise<boolean> {
  return alertStore.open({ kind: "warning", ...options, showCancel: true, opener: focused() });
}
