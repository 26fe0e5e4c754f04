import { describe, expect, it } from "vitest";
import { apiQuery, DEFAULT_QUERY, nextSort, queryFromSearch, searchFromQuery } from "./vehicles-query";

describe("the vehicles listing's query", () => {
  it("defaults to every vehicle by number, 25 a page", () => {
    expect(queryFromSearch(new URLSearchParams())).toEqual(DEFAULT_QUERY);
    expect(searchFromQuery(DEFAULT_QUERY).toString()).toBe("");
  });

  it("round-trips through the address and ignores values it does not know", () => {
    const query = queryFromSearch(new URLSearchParams("search=%20T-1%20&active=inactive&type=van&sort_by=vin&sort_direction=desc&page=3&limit=50"));
    expect(query).toEqual({ search: "T-1", active: "inactive", type: "van", sort_by: "vin", sort_direction: "desc", page: 3, limit: 50 });
    expect(queryFromSearch(searchFromQuery(query))).toEqual(query);
    expect(queryFromSearch(new URLSearchParams("active=maybe&type=boat&sort_by=engine&page=-1&limit=7"))).toEqual(DEFAULT_QUERY);
  });

  it("asks the API for active=true|false, and nothing for all", () => {
    expect(apiQuery({ ...DEFAULT_QUERY, active: "active" }).active).toBe("true");
    expect(apiQuery({ ...DEFAULT_QUERY, active: "inactive" }).active).toBe("false");
    expect(apiQuery(DEFAULT_QUERY).active).toBeUndefined();
  });

  it("sorts a new column ascending and flips the same one, from the first page", () => {
    const sorted = nextSort({ ...DEFAULT_QUERY, page: 4 }, "vin");
    expect(sorted).toMatchObject({ sort_by: "vin", sort_direction: "asc", page: 1 });
    expect(nextSort(sorted, "vin").sort_direction).toBe("desc");
    expect(nextSort(nextSort(sorted, "vin"), "vin").sort_direction).toBe("asc");
  });
});
