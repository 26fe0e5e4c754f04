// At build time only (prerender-plugin.ts): swr's shim is CommonJS and would load the root node_modules' React 18;
// React 19 has the hook itself.
export { useSyncExternalStore } from "react";
