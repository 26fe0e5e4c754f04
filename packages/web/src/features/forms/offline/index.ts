/** What the app layer composes from the forms feature's offline work (issue 20). */
export { useOfflineWork, useOutbox } from "./use-outbox";
export { WaitingList } from "./waiting-list";
export { queuedAnywhere } from "./outbox";
export { FormsOnDevice, SentNotices } from "./offline-notices";
