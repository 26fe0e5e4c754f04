/** What the app layer composes from the documents kept for offline use (issue 20). */
export { OfflineDocuments, useDocumentsOnDevice } from "./offline-documents";
