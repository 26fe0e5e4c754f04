import { useLayoutEffect, useState, type ComponentType, type ReactNode } from "react";
import { createPortal } from "react-dom";
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
  return { role: claims?.role ?? null, userId: claims?.sub ?? null, accessToken };
}

const formsList = lazyPage(
  () => import("@/features/forms/routes/forms-page").then((m) => m.FormsPage),
  (FormsPage) =>
    function FormsRoute() {
      const { role, userId } = useWho();
      return <FormsPage role={role} userId={userId} />;
    },
);

const formScreen = lazyPage(
  () => import("@/features/forms/routes/form-page").then((m) => m.FormPage),
  (FormPage) =>
    function FormRoute() {
      const { role, userId } = useWho();
      // another form or submission starts from fresh answers
      const { pathname } = useLocation();
      return <FormPage key={pathname} role={role} userId={userId} />;
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

/**
 * Puts the form renderer into the test-form page's #test-form-root. The page
 * belongs to the marketing area and the renderer to the forms area; features
 * do not import each other, so the app layer brings them together. The
 * page's "not available yet" placeholder is hidden while the renderer is there.
 */
function IntoTestFormRoot({ children }: { children: ReactNode }) {
  const [root, setRoot] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const found = document.getElementById("test-form-root");
    if (!found) return;
    const placeholders = [...found.children].filter((child): child is HTMLElement => child instanceof HTMLElement);
    for (const placeholder of placeholders) placeholder.hidden = true;
    setRoot(found);
    return () => {
      for (const placeholder of placeholders) placeholder.hidden = false;
    };
  }, []);
  return root ? createPortal(children, root) : null;
}

/** /test-form/:testMode?: the marketing page's frame with the renderer inside it. */
export const testFormPage: RouteObject["lazy"] = async () => {
  const [{ TestFormPage }, { TestFormRenderer }] = await Promise.all([import("@/features/marketing/pages/test-form-page"), import("@/features/forms/routes/test-form-renderer")]);
  return {
    Component: function TestFormRoute() {
      const { testMode } = useParams();
      return (
        <>
          <TestFormPage />
          <IntoTestFormRoot>
            <TestFormRenderer testMode={testMode} />
          </IntoTestFormRoot>
        </>
      );
    },
  };
};
