import { Duration } from "aws-cdk-lib";
import { HeadersFrameOption, HeadersReferrerPolicy, ResponseHeadersPolicy } from "aws-cdk-lib/aws-cloudfront";
import { StaticSite, use, type StackContext } from "sst/constructs";
import { securityHeaders } from "../packages/core/src/web/security-headers";
import { Api } from "./Api";
import { Storage } from "./Storage";

/** The React build on S3 + CloudFront, told where the API is through VITE_* settings. */
export function Web({ stack }: StackContext) {
  const { api } = use(Api);
  const { bucket } = use(Storage);
  const contactFormUrl = process.env.VITE_CONTACT_FORM_URL ?? "";

  // The same definition the local server sends (packages/core/src/web/security-headers.ts), so they cannot drift.
  const headers = securityHeaders({
    api: api.url,
    uploads: [`https://${bucket.cdk.bucket.bucketRegionalDomainName}`],
    metabase: process.env.METABASE_SITE_URL,
    contactForm: contactFormUrl,
    identity: process.env.VITE_COGNITO_DOMAIN ? [`https://${process.env.VITE_COGNITO_DOMAIN.replace(/^https?:\/\//, "")}`] : [],
  });
  const responseHeadersPolicy = new ResponseHeadersPolicy(stack, "SecurityHeaders", {
    comment: "Fleetforms web app: CSP, HSTS, frame and referrer policies",
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: headers.contentSecurityPolicy, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: headers.frameOptions as HeadersFrameOption, override: true },
      referrerPolicy: { referrerPolicy: headers.referrerPolicy as HeadersReferrerPolicy, override: true },
      strictTransportSecurity: { accessControlMaxAge: Duration.seconds(headers.hsts.maxAgeSeconds), includeSubdomains: headers.hsts.includeSubdomains, override: true },
    },
    customHeadersBehavior: {
      customHeaders: [
        { header: "Permissions-Policy", value: headers.permissionsPolicy, override: true },
        { header: "Cross-Origin-Opener-Policy", value: headers.crossOriginOpenerPolicy, override: true },
      ],
    },
  });

  const site = new StaticSite(stack, "Site", {
    path: "packages/web",
    buildCommand: "npm run build",
    buildOutput: "dist",
    // The public pages are pre-rendered at build time (index.html is the home page, pricing.html and so on;
    // SST's viewer-request function maps /pricing to /pricing.html). Every other path is the app: the shell
    // app.html, answered with 200 where S3 has no such file.
    indexPage: "app.html",
    errorPage: "redirect_to_index_page",
    // issue 20: the service worker is read again on every visit (a cached sw.js would hold people on an old
    // build); SST's defaults keep other .js files a year, right for the hashed chunks under assets/
    assets: { fileOptions: [{ files: ["sw.js", "manifest.webmanifest"], cacheControl: "max-age=0,no-cache,no-store,must-revalidate" }] },
    environment: {
      VITE_API_URL: api.url,
      VITE_CONTACT_FORM_URL: contactFormUrl,
    },
    cdk: { distribution: { defaultBehavior: { responseHeadersPolicy } } },
  });
  stack.addOutputs({ SiteUrl: site.url ?? "" });
  return { site };
}
