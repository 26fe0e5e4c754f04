import { region } from "../util/config";

/**
 * Timeouts of every AWS client, so a stalled endpoint fails the request within seconds instead of at the
 * function's end: 1 s to connect, 2 s until the answer starts (the request's body sent included: S3 bodies
 * above a part go up in parts), 2 s of silence while it arrives. The SDK's standard retry strategy retries a
 * timeout like any transient error; three attempts of 2 s stay inside a 10 s function.
 */
export const AWS_TIMEOUTS = { connectionTimeout: 1_000, requestTimeout: 2_000, socketTimeout: 2_000 } as const;

/** The SDK's standard retry strategy: three attempts in all, jittered back-off, throttling, 5xx and timeouts. */
export const AWS_MAX_ATTEMPTS = 3;

/**
 * What each service's one client per container is made with. `endpoint` is the local stack's emulator (or an
 * `AWS_ENDPOINT_URL_<SERVICE>` override); in AWS the SDK resolves the regional endpoint and its credentials
 * (Lambda's role) itself.
 */
export function awsClientOptions(endpoint?: string) {
  return {
    region: region(),
    maxAttempts: AWS_MAX_ATTEMPTS,
    retryMode: "standard" as const,
    requestHandler: { ...AWS_TIMEOUTS, throwOnRequestTimeout: true },
    ...(endpoint ? { endpoint } : {}),
  };
}
