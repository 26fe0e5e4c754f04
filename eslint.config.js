import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

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
    // issue 10: the AWS SDK and SST's runtime clients are megabytes in every function; core/aws is the client
    files: ["packages/core/src/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [
        { group: ["@fleetforms/functions*", "@fleetforms/web*", "@fleetforms/local*", "react", "react-dom", "@middy/*"], message: "core knows nothing of HTTP, React or the local stack." },
        { group: ["@aws-sdk/*", "sst/node/*", "@node-rs/*"], message: "Functions carry no AWS SDK, SST runtime client or native binding: use core/aws (docs/decisions.md, Deployability)." },
      ] }],
      // issue 10: the first Intl object of a process loads ICU data (~5 ms for a collator), which a cold start
      // would pay for every module it merely imports: build them on first use (util/collate.ts)
      "no-restricted-syntax": ["error", ...["Program", "Program > ExportNamedDeclaration"].map((parent) => ({ selector: `${parent} > VariableDeclaration > VariableDeclarator > NewExpression[callee.object.name='Intl']`, message: "No Intl object at import: build it on first use (util/collate.ts), so a cold start does not load ICU data for nothing." }))],
    },
  },
  {
    files: ["packages/functions/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["@aws-sdk/*", "electrodb", "puppeteer-core", "@sparticuz/chromium", "@fleetforms/web*", "@fleetforms/local*"], message: "Handlers are adapters: DynamoDB, S3 and Chromium live in core." }] }],
    },
  },
  ...featureBoundaries,
);
