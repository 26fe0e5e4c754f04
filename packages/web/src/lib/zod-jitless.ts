/**
 * What `import … from "zod/mini"` means in the web build (vite.config.ts aliases it here; every schema imports
 * it through `@fleetforms/core/util/zod`): zod itself, told never to compile parsers. zod probes `new Function`
 * to decide; the app's CSP forbids eval, so the probe would log a violation on the first page that builds a
 * schema. Interpreted parsing is all the web app needs. Importing through "zod/v4/mini" keeps this module out
 * of its own alias.
 */
import { config } from "zod/v4/core";

config({ jitless: true });

export * from "zod/v4/mini";
