import { describe, expect, it } from "vitest";
import { DEFAULT_QUERY, nextSort, queryFromSearch, searchFromQuery } from "./companies-query";

describe("the companies listing's address", () => {
  it("reads the defaults from an empty address and writes nothing back", () => {
    expect(queryFromSearch(new URLSearchParams())).toEqual(DEFAULT_QUERY);
    expect(searchFromQuery(DEFAULT_QUERY).toString()).toBe("");
  });

  it("keeps search, status, sort and page through a round trip", () => {
    const query = { search: "acme", status: "suspended" as const, sort_by: "city" as const, sort_direction: "desc" as const, page: 3 };
    expect(queryFromSearch(searchFromQuery(query))).toEqual(query);
  });

  it("ignores what the API would refuse", () => {
    expect(queryFromSearch(new URLSearchParams("status=gone&sort_by=users&sort_direction=up&page=-2&search=%20%20"))).toEqual(DEFAULT_QUERY);
  });

  it("sorts a new column ascending, flips the same one, and starts again at page 1", () => {
    const first = nextSort({ ...DEFAULT_QUERY, page: 4 }, "status");
    expect(first).toEqual({ ...DEFAULT_QUERY, sort_by: "status", sort_direction: "asc", page: 1 });
    expect(nextSort(first, "status").sort_direction).toBe("desc");
  });
});
