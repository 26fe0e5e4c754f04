import type { RouteObject } from "react-router-dom";
import { useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { MarketingLayout } from "@/components/layout/marketing-layout";
import { Spinner } from "@/components/ui/spinner";
import { useSession } from "@/features/auth";
import { saveRedirect } from "@/features/auth/session/session-store";

/**
 * /accept-invite?token=…: public, under the marketing header. The page is
 * composed here from the session: who is signed in, and how to sign in,
 * out, register and switch company on its behalf.
 */
const acceptInvitation: RouteObject["lazy"] = async () => {
  const [{ AcceptInvitationPage }, { useErrorMessage, useFieldErrors }] = await Promise.all([
    import("@/features/invitations/routes/accept-invitation-page"),
    import("@/features/auth/lib/messages"),
  ]);
  return {
    Component: function AcceptInvitationRoute() {
      const [params] = useSearchParams();
      const { pathname, search } = useLocation();
      const navigate = useNavigate();
      const session = useSession();
      const messageOf = useErrorMessage();
      const fieldMessages = useFieldErrors();
      return (
        <AcceptInvitationPage
          token={params.get("token")}
          viewer={{ ready: session.status === "ready", email: session.user?.email ?? null }}
          onSignIn={() => {
            // SPEC §4's redirect cookie brings the person back here after signing in
            saveRedirect(pathname + search);
            navigate("/login");
          }}
          onSignOut={() => void session.logout()}
          onRegistered={async (pair) => {
            if (!(await session.signIn(pair))) throw new Error("An error occurred while fetching the user");
            navigate("/home", { replace: true });
          }}
          onJoined={async (companyId) => {
            if (!(await session.selectCompany(companyId))) throw new Error("An error occurred while fetching the user");
            navigate("/home", { replace: true });
          }}
          messageOf={messageOf}
          fieldMessages={fieldMessages}
        />
      );
    },
  };
};

export const invitationRoutes: RouteObject[] = [
  { element: <MarketingLayout />, HydrateFallback: () => <Spinner fullScreen />, children: [{ path: "/accept-invite", lazy: acceptInvitation }] },
];
