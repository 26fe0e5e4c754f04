import type { ComponentType } from "react";
import type { RouteObject } from "react-router-dom";
import { MarketingLayout } from "@/components/layout/marketing-layout";
import { RouteError } from "@/components/layout/route-error";
import { Spinner } from "@/components/ui/spinner";

const page = (load: () => Promise<ComponentType>): RouteObject["lazy"] => async () => ({ Component: await load() });

/** Sign-in, registration, reset and SMS routes (SPEC §2), under the marketing header without the footer. */
export const authRoutes: RouteObject[] = [
  {
    element: <MarketingLayout />,
    HydrateFallback: () => <Spinner fullScreen />,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { path: "/login", lazy: page(() => import("@/features/auth/routes/login-page").then((m) => m.LoginPage)) },
          { path: "/register", lazy: page(() => import("@/features/auth/routes/register-page").then((m) => m.RegisterPage)) },
          { path: "/sms-login", lazy: page(() => import("@/features/auth/routes/sms-login-page").then((m) => m.SmsLoginPage)) },
          { path: "/request-reset-password", lazy: page(() => import("@/features/auth/routes/request-reset-password-page").then((m) => m.RequestResetPasswordPage)) },
          { path: "/reset-password", lazy: page(() => import("@/features/auth/routes/reset-password-page").then((m) => m.ResetPasswordPage)) },
        ],
      },
    ],
  },
];
