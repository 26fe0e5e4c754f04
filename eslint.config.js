import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Issue 10, each function carries only what its route uses (STYLE rule 11). esbuild (0.18, as SST pins it)
 * keeps every export of a domain whose namespace is imported by name (`import { Form }`): it builds the
 * namespace object with a getter for each verb. `import * as Form` lets it see which verbs are called. And a
 * top-level `verb(...)`, `fn(...)`, `lazySchema(...)` or `lazyEntity(...)` is a call it must keep unless marked
 * pure, though these only wrap a function: `/* @__PURE__ *\/` lets an unused one go.
 */
const coreFiles = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? coreFiles(path.join(dir, entry.name)) : entry.name.endsWith(".ts") ? [path.join(dir, entry.name)] : []));
const NAMESPACES = new Set(coreFiles("packages/core/src").flatMap((file) => [...readFileSync(file, "utf8").matchAll(/^export \* as (\w+) from "\.\//gm)].map((match) => match[1])));
const PURE_FACTORIES = new Set(["verb", "fn", "lazySchema", "lazyEntity"]);
/** what may run at import: the wrapper that defers a schema, and zod's own setup (util/zod.ts) */
const EAGER_ALLOWED = new Set(["lazySchema", "config"]);
/**
 * zod's calls that read the schema they are given: at import they build a lazy one (`z.omit(Core.Input, ...)`
 * built the whole of it, ~15 ms of `POST /form/template/{id}`'s cold start). A handler's own small schemas
 * (`{ params: z.object({ id: Id }) }`) cost it nothing measurable and may stay as they read.
 */
const DERIVED = new Set(["omit", "pick", "extend", "safeExtend", "partial", "required", "merge", "keyof"]);
const calleeName = (callee) => (callee.type === "Identifier" ? callee.name : callee.type === "MemberExpression" && !callee.computed ? callee.property.name : undefined);
const bundles = {
  rules: {
    "namespace-import": {
      meta: { type: "problem", schema: [] },
      create: (context) => ({
        ImportSpecifier(node) {
          if (node.parent.importKind === "type" || node.importKind === "type" || !NAMESPACES.has(node.imported.name)) return;
          context.report({ node, message: `Import the domain as \`import * as ${node.imported.name}\`: importing its namespace by name makes every function that uses one verb carry all of them (issue 10).` });
        },
      }),
    },
    "lazy-schema": {
      meta: { type: "problem", schema: [{ type: "object", properties: { derivedOnly: { type: "boolean" } }, additionalProperties: false }] },
      create: (context) => ({
        CallExpression(node) {
          const { callee } = node;
          if (callee.type !== "MemberExpression" || callee.object.type !== "Identifier" || callee.object.name !== "z") return;
          const name = calleeName(callee);
          if (EAGER_ALLOWED.has(name) || (context.options[0]?.derivedOnly && !DERIVED.has(name))) return;
          if (context.sourceCode.getAncestors(node).some((parent) => /Function/.test(parent.type))) return;
          context.report({ node, message: `Build this schema on first use, inside z.lazySchema(() => ...): a schema built at import costs the cold start of every function that imports the module${DERIVED.has(name) ? `, and z.${name} builds the lazy schema it reads as well` : ""} (issue 10).` });
        },
      }),
    },
    "pure-factory": {
      meta: { type: "problem", schema: [] },
      create: (context) => ({
        CallExpression(node) {
          if (!PURE_FACTORIES.has(calleeName(node.callee)) || context.sourceCode.getAncestors(node).some((parent) => /Function/.test(parent.type))) return;
          if (context.sourceCode.getCommentsBefore(node).some((comment) => comment.value.includes("@__PURE__"))) return;
          context.report({ node, message: `Mark the top-level ${calleeName(node.callee)}(...) /* @__PURE__ */, so a function that does not use it does not carry it (issue 10).` });
        },
      }),
    },
  },
};

/** STYLE rule 8: code flows shared -> features -> app, never sideways between features. */
const featureBoundaries = ["auth", "marketing", "home", "forms", "submissions", "admin", "documents", "dashboards", "profile", "billing", "vehicles", "activity", "invitations"].map((feature) => ({
  files: [`packages/web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          { group: ["@/features/*", `!@/features/${feature}`, `!@/features/${feature}/**`], message: "Features do not import each other: move shared code to components/ or lib/." },
          { group: ["@/app/*", "@/app/**"], message: "Features do not import the app layer." },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", ".sst/**", "cdk.out/**", "test-results/**", "playwright-report/**", ".data/**", "bench/results/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-non-null-assertion": "off",
      "no-empty": ["error", { allowEmptyCatch: false }],
    },
  },
  {
    files: ["packages/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    files: ["packages/web/src/components/**/*.{ts,tsx}", "packages/web/src/lib/**/*.{ts,tsx}", "packages/web/src/config/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["@/features/*", "@/features/**", "@/app/*", "@/app/**"], message: "Shared code does not import features or the app." }] }],
    },
  },
  {
    files: ["packages/core/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["@fleetforms/functions*", "@fleetforms/web*", "@fleetforms/local*", "react", "react-dom", "@middy/*"], message: "core knows nothing of HTTP, React or the local stack." }] }],
    },
  },
  {
    // issue 37: the AWS SDK's clients are made in core/aws, one per service per container, each module loaded
    // where it is used (with import() for the heavy ones); SST's runtime clients and native bindings stay out
    files: ["packages/core/src/**/*.ts"],
    plugins: { bundles },
    rules: {
      "no-restricted-imports": ["error", { patterns: [
        { group: ["@fleetforms/functions*", "@fleetforms/web*", "@fleetforms/local*", "react", "react-dom", "@middy/*"], message: "core knows nothing of HTTP, React or the local stack." },
        { group: ["@aws-sdk/*", "sst/node/*", "@node-rs/*"], message: "AWS SDK clients are made in core/aws (one per service per container); functions carry no SST runtime client or native binding (docs/decisions.md, Deployability)." },
      ] }],
      "bundles/namespace-import": "error",
      "bundles/pure-factory": "error",
      "bundles/lazy-schema": "error",
      // issue 10: the first Intl object of a process loads ICU data (~5 ms for a collator), which a cold start
      // would pay for every module it merely imports: build them on first use (util/collate.ts)
      "no-restricted-syntax": ["error", ...["Program", "Program > ExportNamedDeclaration"].map((parent) => ({ selector: `${parent} > VariableDeclaration > VariableDeclarator > NewExpression[callee.object.name='Intl']`, message: "No Intl object at import: build it on first use (util/collate.ts), so a cold start does not load ICU data for nothing." }))],
    },
  },
  {
    files: ["packages/core/src/aws/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [
        { group: ["@fleetforms/functions*", "@fleetforms/web*", "@fleetforms/local*", "react", "react-dom", "@middy/*"], message: "core knows nothing of HTTP, React or the local stack." },
        { group: ["sst/node/*", "@node-rs/*"], message: "Functions carry no SST runtime client or native binding (docs/decisions.md, Deployability)." },
      ] }],
    },
  },
  {
    files: ["packages/functions/**/*.ts"],
    plugins: { bundles },
    rules: {
      "bundles/namespace-import": "error",
      "bundles/pure-factory": "error",
      "bundles/lazy-schema": ["error", { derivedOnly: true }],
      "no-restricted-imports": ["error", { patterns: [{ group: ["@aws-sdk/*", "electrodb", "puppeteer-core", "@sparticuz/chromium", "@fleetforms/web*", "@fleetforms/local*"], message: "Handlers are adapters: DynamoDB, S3 and Chromium live in core." }] }],
    },
  },
  ...featureBoundaries,
);
