import { Suspense } from "react";
import { SWRConfig } from "swr";
import { RouterProvider } from "react-router-dom";
import { swrConfig } from "@/lib/swr-config";
import { Spinner } from "@/components/ui/spinner";
import { router } from "./router";

export function App() {
  return (
    <Suspense fallback={<Spinner fullScreen />}>
      <SWRConfig value={swrConfig}>
        <RouterProvider router={router} />
      </SWRConfig>
    </Suspense>
  );
}
