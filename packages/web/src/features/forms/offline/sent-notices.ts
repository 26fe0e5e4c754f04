import type { PersonScope } from "@/lib/device-db";

/**
 * Issue 40: a submission that waited on the device and has now reached the server is announced, and the
 * notice stays until the person dismisses it (a toast fades while they may be looking elsewhere). One
 * notice per submission key: two runs of the sender reporting the same send show it once.
 */
export interface SentNotice extends PersonScope {
  /** the idempotency key the submission was sent with */
  key: string;
  formId: number;
  formName: string;
  submissionId: number;
  sentAt: number;
}

/** The newest this many stay; older ones give way. */
export const MAX_SENT_NOTICES = 5;

export function createSentNotices(max = MAX_SENT_NOTICES) {
  let notices: readonly SentNotice[] = [];
  const listeners = new Set<() => void>();
  const set = (next: readonly SentNotice[]) => {
    notices = next;
    listeners.forEach((listener) => listener());
  };
  return {
    add(notice: SentNotice) {
      if (notices.some((known) => known.key === notice.key)) return;
      set([...notices, notice].slice(-max));
    },
    dismiss(key: string) {
      if (notices.some((notice) => notice.key === key)) set(notices.filter((notice) => notice.key !== key));
    },
    list: () => notices,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The notices of one person in one company: another person signing in on this tab sees none of them. */
export const noticesFor = (notices: readonly SentNotice[], scope: PersonScope | null) => (scope ? notices.filter((notice) => notice.userId === scope.userId && notice.companyId === scope.companyId) : []);

export const sentNotices = createSentNotices();
