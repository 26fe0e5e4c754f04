import { StaticSite, use, type StackContext } from "sst/constructs";
import { Api } from "./Api";

/** The React build on S3 + CloudFront, told where the API is through VITE_* settings. */
export function Web({ stack }: StackContext) {
  const { api } = use(Api);
  const site = new StaticSite(stack, "Site", {
    path: "packages/web",
    buildCommand: "npm run build",
    buildOutput: "dist",
    errorPage: "redirect_to_index_page",
    environment: {
      VITE_API_URL: api.url,
      VITE_CONTACT_FORM_URL: process.env.VITE_CONTACT_FORM_URL ?? "",
    },
  });
  stack.addOutputs({ SiteUrl: site.url ?? "" });
  return { site };
}
