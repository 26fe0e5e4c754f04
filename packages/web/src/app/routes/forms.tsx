import { useCallback, useRef, type ComponentType } from "react";
import { useLocation, useParams, type RouteObject } from "react-router-dom";
import { useSession } from "@/features/auth";

/**
 * The forms and submissions routes (SPEC §2). Each page is its own chunk,
 * loaded on first visit; the wrappers read the session here, in the app
 * layer, and hand the pages what they need (role, user id, access token).
 */
const lazyPage = <P,>(load: () => Promise<ComponentType<P>>, wrap: (Page: ComponentType<P>) => ComponentType): RouteObject["lazy"] => async () => ({ Component: wrap(await load()) });

function useWho() {
  const { claims, accessToken } = useSession();
  return { role: claims?.role ?? null, userId: claims?.sub ?? null, companyId: claims?.companyId ?? null, accessToken };
}

// issue 20: what waits to be sent from this device is listed above the forms
const formsList: RouteObject["lazy"] = async () => {
  const [{ FormsPage }, { WaitingList }] = await Promise.all([import("@/features/forms/routes/forms-page"), import("@/features/forms/offline")]);
  return {
    Component: function FormsRoute() {
      const { role, userId, companyId } = useWho();
      return (
        <>
          <WaitingList scope={userId && companyId ? { userId, companyId } : null} />
          <FormsPage role={role} userId={userId} companyId={companyId} />
        </>
      );
    },
  };
};


const formScreen = lazyPage(
  () => import("@/features/forms/routes/form-page").then((m) => m.FormPage),
  (FormPage) =>
    function FormRoute() {
      const { role, userId, companyId } = useWho();
      // issue 20: signing out removes the person's answers from the device, so the page leaving then keeps none
      const { signingOut } = useSession();
      const leavingBySignOut = useRef(signingOut);
      leavingBySignOut.current = signingOut;
      const keepAnswers = useCallback(() => !leavingBySignOut.current, []);
      // another form or submission starts from fresh answers
      const { pathname } = useLocation();
      return <FormPage key={pathname} role={role} userId={userId} companyId={companyId} keepAnswers={keepAnswers} />;
    },
);

const adminForms = lazyPage(
  () => import("@/features/forms/routes/admin-forms-page").then((m) => m.AdminFormsPage),
  (AdminFormsPage) =>
    function AdminFormsRoute() {
      const { role, accessToken } = useWho();
      return <AdminFormsPage role={role} accessToken={accessToken} />;
    },
);

const submission = (download: boolean) =>
  lazyPage(
    () => import("@/features/submissions/routes/submission-page").then((m) => m.SubmissionPage),
    (SubmissionPage) =>
      function SubmissionRoute() {
        const { role } = useWho();
        const { submissionId } = useParams();
        return <SubmissionPage key={`${submissionId}-${download}`} role={role} download={download} />;
      },
  );

/** Inside the sidebar layout, with a company selected. */
export const formsRoutes: RouteObject[] = [
  { path: "/forms", lazy: formsList },
  { path: "/forms/:formId", lazy: formScreen },
  { path: "/forms/:formId/:submissionId", lazy: formScreen },
  { path: "/forms/:formId/:submissionId/:type", lazy: formScreen },
];

/** Admin and orgadmin only: the forms section of the admin area. */
export const formsAdminRoutes: RouteObject[] = [{ path: "/admin/forms", lazy: adminForms }];

/** Signed in with a company, without the sidebar (SPEC §2). */
export const submissionRoutes: RouteObject[] = [
  { path: "/submissions/:submissionId", lazy: submission(false) },
  { path: "/submissions/:submissionId/download", lazy: submission(true) },
];

/** /test-form/:testMode?: the marketing page's frame with the renderer inside it. */
export const testFormPage: RouteObject["lazy"] = async () => {
  const [{ TestFormPage }, { TestFormRenderer }] = await Promise.all([import("@/features/marketing/pages/test-form-page"), import("@/features/forms/routes/test-form-renderer")]);
  return {
    Component: function TestFormRoute() {
      const { testMode } = useParams();
      return (
        <TestFormPage>
          <TestFormRenderer testMode={testMode} />
        </TestFormPage>
      );
    },
  };
};
