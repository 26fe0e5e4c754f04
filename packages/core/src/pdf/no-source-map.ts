/**
 * Stands in for "source-map" in the Lambda build (esbuild `alias`, stacks/functions.ts). Handlebars' code
 * generator requires it only to emit source maps of compiled templates, which we never ask for, and falls
 * back to its own small SourceNode when the package has none (handlebars/dist/cjs/handlebars/compiler/
 * code-gen.js): 26 KB of each template function for nothing. Unbundled runs (tests, the local stack) load
 * the real package; both compile the same templates (the rehearsal renders one with the bundle).
 */
export const SourceNode = undefined;
