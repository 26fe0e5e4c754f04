import type { RouteObject } from "react-router-dom";
import { useParams } from "react-router-dom";
import { useSession } from "@/features/auth";

/**
 * The billing routes (issue 17), admin and orgadmin only. Each page is its own chunk, loaded on first
 * visit; the wrappers read the session here, in the app layer, and hand the pages what they need.
 */
const billingPage: RouteObject["lazy"] = async () => {
  const { BillingPage } = await import("@/features/billing/routes/billing-page");
  return {
    Component: function BillingRoute() {
      const { claims, user } = useSession();
      const companyId = claims?.companyId ?? "";
      // another company starts from its own state
      return <BillingPage key={companyId} companyId={companyId} companyName={user?.company?.name ?? ""} isProviderAdmin={claims?.role === "admin"} />;
    },
  };
};

const testCheckoutPage: RouteObject["lazy"] = async () => {
  const { TestCheckoutPage } = await import("@/features/billing/routes/test-checkout-page");
  return {
    Component: function TestCheckoutRoute() {
      const { sessionId = "" } = useParams();
      return <TestCheckoutPage key={sessionId} sessionId={sessionId} />;
    },
  };
};

/** `/admin/billing` and the local test checkout it sends payments to in test mode. */
export const billingAdminRoutes: RouteObject[] = [
  { path: "/admin/billing", lazy: billingPage },
  { path: "/admin/billing/checkout/:sessionId", lazy: testCheckoutPage },
];
