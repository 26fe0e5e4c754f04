import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client";
import { FRESH_MS, MAX_RETRIES, retryDelay, swrConfig } from "./swr-config";

describe("data cache settings (SPEC §9)", () => {
  it("keeps data fresh for 5 minutes and does not refetch on focus", () => {
    expect(FRESH_MS).toBe(300_000);
    expect(swrConfig.dedupingInterval).toBe(300_000);
    expect(swrConfig.revalidateOnFocus).toBe(false);
  });

  it("backs off exponentially, capped at 30 seconds", () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it("retries a failed query 3 times, then stops", () => {
    vi.useFakeTimers();
    try {
      const revalidate = vi.fn();
      const retry = (retryCount: number) => swrConfig.onErrorRetry!(new Error("network"), "/x", {} as never, revalidate, { retryCount, dedupe: false });
      for (let count = 1; count <= MAX_RETRIES + 2; count++) retry(count);
      vi.runAllTimers();
      expect(MAX_RETRIES).toBe(3);
      expect(revalidate.mock.calls.map(([options]) => options.retryCount)).toEqual([1, 2, 3]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("does not retry a request the server refused", () => {
    vi.useFakeTimers();
    try {
      const revalidate = vi.fn();
      swrConfig.onErrorRetry!(new ApiError("Not Found", 404), "/x", {} as never, revalidate, { retryCount: 1, dedupe: false });
      vi.runAllTimers();
      expect(revalidate).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
