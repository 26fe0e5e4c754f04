/**
 * The browser security headers, defined once: stacks/Web.ts turns them into
 * CloudFront's response headers policy and the local server sends the same
 * values, so AWS and the local stack cannot drift. Pure strings, so values
 * that are CDK tokens (the API URL, the bucket's domain) pass through.
 */

export interface WebOrigins {
  /** the API when it is not on the site's own origin (in AWS: the API Gateway URL) */
  api?: string;
  /** where presigned uploads and downloads go (in AWS: the bucket's regional endpoint) */
  uploads?: string[];
  /** the reporting tool's site, embedded in dashboards (METABASE_SITE_URL) */
  metabase?: string;
  /** the external form provider of /docs/contact (VITE_CONTACT_FORM_URL) */
  contactForm?: string;
  /** federated sign-in's hosted UI domain and token endpoint (VITE_COGNITO_DOMAIN) */
  identity?: string[];
}

/** An origin for a CSP source list; a value that is not a URL (a CDK token) is kept as it is. */
export function sourceOf(url: string | undefined): string | undefined {
  if (!url || url === "none") return undefined;
  // a CDK token such as ${Token[TOKEN.123]}, resolved at deploy time to an https origin
  if (url.includes("${Token[")) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.origin : undefined;
  } catch (error) {
    if (error instanceof TypeError) return undefined;
    throw error;
  }
}

/** sha256 of FIRST_PAINT_SCRIPT (first-paint-script.ts), the one inline script CSP allows; a test recomputes it. */
export const FIRST_PAINT_SCRIPT_HASH = "'sha256-FlPHOfsp4T85b4xgcXHkxzg3RjmWCXaaPa0mlvJIkJE='";

const list = (...sources: (string | undefined)[]) => [...new Set(sources.filter((source): source is string => Boolean(source)))].join(" ");

/**
 * Scripts only from the site itself and the one first-paint script (by its hash); nothing may frame
 * the site, no plugins, no <base> elsewhere; forms post to the site; the
 * browser talks only to the site, the API, the uploads bucket and the
 * reporting tool. Styles: 'self' only — React sets style props through the
 * CSSOM, which CSP does not govern, and the build emits no inline <style>.
 */
export function contentSecurityPolicy(origins: WebOrigins = {}): string {
  const api = sourceOf(origins.api);
  const uploads = (origins.uploads ?? []).map(sourceOf);
  const metabase = sourceOf(origins.metabase);
  const identity = (origins.identity ?? []).map(sourceOf);
  const directives: [string, string][] = [
    ["default-src", "'self'"],
    ["script-src", list("'self'", FIRST_PAINT_SCRIPT_HASH)],
    ["style-src", "'self'"],
    // asset images are fetched from the API, which redirects to a presigned URL on the bucket
    ["img-src", list("'self'", "data:", "blob:", api, ...uploads)],
    ["font-src", "'self'"],
    ["connect-src", list("'self'", api, ...uploads, metabase, ...identity)],
    // the template builder previews its PDF from a blob: URL
    ["frame-src", list("'self'", "blob:", sourceOf(origins.contactForm), metabase)],
    ["worker-src", "'self'"],
    ["manifest-src", "'self'"],
    ["media-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join("; ");
}

/**
 * Powerful features the app does not use. The forms take photos through <input type="file" capture>, which needs no
 * permission. Only features Chromium knows: one it does not (such as "bluetooth") is a console warning on every page
 * (e2e/first-load.spec.ts) and guards nothing.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer",
  "autoplay",
  "browsing-topics",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "publickey-credentials-get",
  "serial",
  "usb",
  "xr-spatial-tracking",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

export const REFERRER_POLICY = "strict-origin-when-cross-origin";
/** HSTS only where the site is served over HTTPS (CloudFront), never on http://localhost. Two years, as hstspreload.org asks. */
export const HSTS = { maxAgeSeconds: 2 * 365 * 24 * 3600, includeSubdomains: true } as const;

export interface SecurityHeaders {
  contentSecurityPolicy: string;
  referrerPolicy: typeof REFERRER_POLICY;
  permissionsPolicy: string;
  frameOptions: "DENY";
  contentTypeOptions: "nosniff";
  crossOriginOpenerPolicy: "same-origin";
  hsts: typeof HSTS;
}

export function securityHeaders(origins: WebOrigins = {}): SecurityHeaders {
  return {
    contentSecurityPolicy: contentSecurityPolicy(origins),
    referrerPolicy: REFERRER_POLICY,
    permissionsPolicy: PERMISSIONS_POLICY,
    frameOptions: "DENY",
    contentTypeOptions: "nosniff",
    crossOriginOpenerPolicy: "same-origin",
    hsts: HSTS,
  };
}

/** The same headers as an HTTP header map, for a server that sends them itself. */
export function securityHeaderMap(headers: SecurityHeaders, options: { hsts: boolean }): Record<string, string> {
  return {
    "content-security-policy": headers.contentSecurityPolicy,
    "referrer-policy": headers.referrerPolicy,
    "permissions-policy": headers.permissionsPolicy,
    "x-frame-options": headers.frameOptions,
    "x-content-type-options": headers.contentTypeOptions,
    "cross-origin-opener-policy": headers.crossOriginOpenerPolicy,
    ...(options.hsts ? { "strict-transport-security": `max-age=${headers.hsts.maxAgeSeconds}${headers.hsts.includeSubdomains ? "; includeSubDomains" : ""}` } : {}),
  };
}

/** Types a browser may show inline from a user's upload; anything else is downloaded. No SVG: it can carry script. */
export const INLINE_FILE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf"]);

/**
 * Headers for serving a user's file: never sniffed into another type, run
 * in a sandbox (no script, no same-origin access) if a browser renders it,
 * and downloaded unless it is an image or a PDF shown inline.
 */
export function userFileHeaders(contentType: string | undefined, disposition: string | undefined): Record<string, string> {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  const inline = INLINE_FILE_TYPES.has(type);
  const given = disposition?.trim();
  let safeDisposition: string | undefined;
  if (!given) safeDisposition = inline ? undefined : "attachment";
  else if (/^attachment\b/i.test(given) || (inline && /^inline\b/i.test(given))) safeDisposition = given;
  else safeDisposition = given.replace(/^[^;]*/, "attachment");
  return {
    "x-content-type-options": "nosniff",
    "content-security-policy": "sandbox",
    ...(safeDisposition ? { "content-disposition": safeDisposition } : {}),
  };
}
