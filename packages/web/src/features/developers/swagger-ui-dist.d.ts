// swagger-ui-dist ships no types: the one entry the reference page calls
declare module "swagger-ui-dist/swagger-ui-es-bundle.js" {
  const SwaggerUIBundle: (options: { spec: object; domNode: HTMLElement; deepLinking?: boolean; defaultModelsExpandDepth?: number; docExpansion?: "list" | "full" | "none" }) => unknown;
  export default SwaggerUIBundle;
}
