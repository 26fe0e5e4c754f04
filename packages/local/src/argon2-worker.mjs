// One of the local stack's password threads (argon2-threads.ts): runs hash-wasm's argon2id and argon2Verify
// with the options core built, one job at a time, and answers each job by its id.
import { parentPort } from "node:worker_threads";
import { argon2id, argon2Verify } from "hash-wasm";

parentPort.on("message", async ({ id, call, options }) => {
  try {
    const value = call === "argon2Verify" ? await argon2Verify(options) : await argon2id(options);
    parentPort.postMessage({ id, value });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
