import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { isConnectionError } from "./network-error";

describe("connection errors", () => {
  it("are fetch's TypeErrors or anything while offline, never a server's answer", () => {
    expect(isConnectionError(new TypeError("Failed to fetch"), true)).toBe(true);
    expect(isConnectionError(new TypeError("NetworkError when attempting to fetch resource."), true)).toBe(true);
    expect(isConnectionError(new TypeError("Load failed"), true)).toBe(true);
    expect(isConnectionError(new Error("boom"), false)).toBe(true);
    expect(isConnectionError(new Error("boom"), true)).toBe(false);
    expect(isConnectionError(new ApiError("Server error", 500), false)).toBe(false);
  });
});
