import { describe, expect, it } from "vitest";
import { DEFAULT_QUERY, nextSort, queryFromSearch, searchFromQuery } from "./members-query";

describe("the users listing's query in the address", () => {
  it("defaults to names ascending, first page of 25", () => {
    expect(queryFromSearch(new URLSearchParams())).toEqual(DEFAULT_QUERY);
    expect(searchFromQuery(DEFAULT_QUERY).toString()).toBe("");
  });

  it("round-trips sort, search, filters and paging", () => {
    const query = { sort_by: "lastSignInAt", sort_direction: "desc", q: "dan", role: "viewer", status: "inactive", page: 3, pageSize: 50 } as const;
    expect(queryFromSearch(searchFromQuery(query))).toEqual(query);
  });

  it("ignores values the API would refuse", () => {
    const query = queryFromSearch(new URLSearchParams("sort_by=password&sort_direction=up&role=admin&status=gone&page=-2&pageSize=1000"));
    expect(query).toEqual(DEFAULT_QUERY);
  });

  it("sorts a new column ascending, flips the same one, and goes back to the first page", () => {
    const sorted = nextSort({ ...DEFAULT_QUERY, page: 4 }, "email");
    expect(sorted).toMatchObject({ sort_by: "email", sort_direction: "asc", page: 1 });
    expect(nextSort(sorted, "email")).toMatchObject({ sort_by: "email", sort_direction: "desc" });
    expect(nextSort(nextSort(sorted, "email"), "email")).toMatchObject({ sort_direction: "asc" });
  });
});
