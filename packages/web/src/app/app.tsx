import { Suspense } from "react";
import { SWRConfig } from "swr";
import { RouterProvider } from "react-router-dom";
import { swrConfig } from "@/lib/swr-config";
import { AlertProvider } from "@/components/ui/alert-provider";
import { LoadingShell } from "@/components/layout/loading-shell";
import { Toaster } from "@/components/ui/toaster";
import { router } from "./router";

export function App() {
  return (
    <Suspense fallback={<LoadingShell />}>
      <SWRConfig value={swrConfig}>
        <AlertProvider>
          <RouterProvider router={router} />
        </AlertProvider>
        <Toaster />
      </SWRConfig>
    </Suspense>
  );
}
