import { describe, expect, it } from "vitest";
import { apiQuery, isFiltered, ordered, queryFromSearch, searchFromQuery } from "./activity-query";

describe("the activity feed's filters in the address", () => {
  it("reads person, kind and dates, leaving out what it cannot read", () => {
    expect(queryFromSearch(new URLSearchParams("user=u1&kind=submission&from=2026-11-01&to=2026-11-23"))).toEqual({ userId: "u1", kind: "submission", from: "2026-11-01", to: "2026-11-23" });
    expect(queryFromSearch(new URLSearchParams("kind=teleport&from=yesterday"))).toEqual({ userId: undefined, kind: undefined, from: undefined, to: undefined });
  });

  it("writes back only the filters set, and round-trips", () => {
    expect(searchFromQuery({ kind: "vehicle" }).toString()).toBe("kind=vehicle");
    const query = { userId: "u 1", kind: "form" as const, from: "2026-11-01", to: "2026-11-02" };
    expect(queryFromSearch(searchFromQuery(query))).toEqual(query);
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ from: "2026-11-01" })).toBe(true);
  });

  it("asks the API for a page with the cursor, and swaps a range given backwards", () => {
    expect(apiQuery({ kind: "user" }, 25, "abc")).toEqual({ limit: 25, cursor: "abc", userId: undefined, kind: "user", from: undefined, to: undefined });
    expect(apiQuery({}, 25, null).cursor).toBeUndefined();
    expect(ordered({ from: "2026-11-23", to: "2026-11-01" })).toEqual({ from: "2026-11-01", to: "2026-11-23" });
  });
});
