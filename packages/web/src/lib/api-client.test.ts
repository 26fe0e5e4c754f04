import { afterEach, describe, expect, it, vi } from "vitest";
import { api, ApiError, messageFromText, setTokenSource, setUnauthorizedHandler } from "./api-client";
import { retryDelay } from "./swr-config";

afterEach(() => {
  vi.unstubAllGlobals();
  setTokenSource(() => undefined);
  setUnauthorizedHandler(async () => false);
});

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async () => response);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("the API client", () => {
  it("sends the bearer token and JSON", async () => {
    setTokenSource(() => "token-123");
    const fetchMock = stubFetch(new Response(JSON.stringify({ ok: true }), { status: 200 }));
    await expect(api("/form", { body: { name: "x" }, query: { activeOnly: false, skip: undefined } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/form?activeOnly=false");
    expect(init.method).toBe("POST");
    expect(init.headers).toMatchObject({ authorization: "Bearer token-123", "content-type": "application/json" });
  });

  it("leaves the token off calls marked (no auth)", async () => {
    setTokenSource(() => "token-123");
    const fetchMock = stubFetch(new Response("{}", { status: 200 }));
    await api("/auth/refresh", { body: {}, auth: false });
    expect((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers).not.toHaveProperty("authorization");
  });

  it("turns a JSON error body into an ApiError with code, status and field errors", async () => {
    stubFetch(new Response(JSON.stringify({ code: "request.invalid", message: "Username is required", fieldErrors: { email: ["Username is required"] } }), { status: 400 }));
    const error = (await api("/auth/login", { body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: "request.invalid", message: "Username is required", fieldErrors: { email: ["Username is required"] } });
  });

  it("reads the message of a non-JSON error page (SPEC §8)", async () => {
    stubFetch(new Response("<html><pre>Error: Bad gateway upstream\nat line 3</pre></html>", { status: 502, statusText: "Bad Gateway" }));
    await expect(api("/health")).rejects.toMatchObject({ message: "Bad gateway upstream", status: 502 });
    expect(messageFromText("nothing useful here")).toBe("An unexpected error occurred");
  });
});

describe("a 401", () => {
  it("renews the session once and repeats the call with the new token", async () => {
    let token = "old";
    setTokenSource(() => token);
    const renew = vi.fn(async () => {
      token = "new";
      return true;
    });
    setUnauthorizedHandler(renew);
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) =>
      (init.headers as Record<string, string>).authorization === "Bearer new" ? new Response('{"ok":true}', { status: 200 }) : new Response('{"code":"auth.token_expired","message":"x"}', { status: 401 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    await expect(api("/form")).resolves.toEqual({ ok: true });
    expect(renew).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("stands when the session cannot be renewed, and (no auth) calls never try", async () => {
    const renew = vi.fn(async () => false);
    setUnauthorizedHandler(renew);
    stubFetch(new Response('{"code":"auth.invalid_credentials","message":"Username or password is incorrect. Please verify and try again."}', { status: 401 }));
    await expect(api("/auth/login", { body: {}, auth: false })).rejects.toMatchObject({ status: 401 });
    expect(renew).not.toHaveBeenCalled();
    stubFetch(new Response('{"code":"auth.token_expired","message":"Your session has expired. Please log in again."}', { status: 401 }));
    await expect(api("/form")).rejects.toMatchObject({ status: 401, message: "Your session has expired. Please log in again." });
    expect(renew).toHaveBeenCalledTimes(1);
  });
});

describe("SWR retry delay (SPEC §9)", () => {
  it("doubles and is capped at 30 seconds", () => {
    expect([0, 1, 2, 3, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 30000]);
  });
});
