import type { RouteObject } from "react-router-dom";
import { useSession } from "@/features/auth";

/**
 * The documents route (issue 15), its own chunk loaded on first visit. The wrapper reads the session here,
 * in the app layer, and hands the page who is looking: role, user id and username (the uploader may edit).
 */
const documentsPage: RouteObject["lazy"] = async () => {
  const [{ DocumentsPage }, { OfflineDocuments }] = await Promise.all([import("@/features/documents/routes/documents-page"), import("@/features/documents/offline")]);
  return {
    Component: function DocumentsRoute() {
      const { claims } = useSession();
      const userId = claims?.sub;
      const companyId = claims?.companyId;
      return (
        <>
          {/* issue 20: without a connection, the documents kept on this device open from here */}
          <OfflineDocuments scope={userId && companyId ? { userId, companyId } : null} />
          <DocumentsPage viewer={{ role: claims?.role ?? null, userId: claims?.sub ?? null, username: claims?.username ?? null }} />
        </>
      );
    },
  };
};

/** `/documents`, for everyone with a seat: viewers and users read what they may see; the API enforces the rest. */
export const documentsRoutes: RouteObject[] = [{ path: "/documents", lazy: documentsPage }];
