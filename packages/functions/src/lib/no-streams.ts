/**
 * What @middy/core imports from Node's stream modules, for the functions' bundles (stacks/functions.ts). Middy
 * imports `node:stream`, `node:stream/promises` and `node:stream/web` at load for one feature, streamed
 * responses (`streamifyResponse`), which no function turns on: every answer is a whole body. Loading those
 * modules cost every cold start about 4 ms (docs/decisions.md, Deployability); in their place the bundles
 * carry these, which say so if a streamed response is ever asked for.
 */
const unused = () => new Error("Streamed responses are not built into the functions (functions/lib/no-streams.ts)");

/** middy checks `body instanceof ReadableStream`: nothing is one of these. */
export class ReadableStream {}

export const Readable = {
  from(): never {
    throw unused();
  },
};

export async function pipeline(): Promise<never> {
  throw unused();
}
