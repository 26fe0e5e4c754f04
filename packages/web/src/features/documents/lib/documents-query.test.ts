import { describe, expect, it } from "vitest";
import { apiQuery, isFiltered, queryFromSearch, searchFromQuery } from "./documents-query";

describe("the documents list's address", () => {
  it("reads search, category, expiring and sort, ignoring unknown sorts", () => {
    expect(queryFromSearch(new URLSearchParams("search=%20card%20&category=INS&expiring=true&sort=-size"))).toEqual({ search: "card", category: "INS", expiring: true, sort: "-size" });
    expect(queryFromSearch(new URLSearchParams("sort=password&expiring=yes"))).toEqual({ sort: "-createdAt" });
  });

  it("writes only what differs from the defaults and keeps the tab", () => {
    const search = searchFromQuery({ search: "card", expiring: true, sort: "-createdAt" }, new URLSearchParams("tab=categories&search=old"));
    expect(search.toString()).toBe("tab=categories&search=card&expiring=true");
  });

  it("sends the API's parameters: no sort for the default, so expiring keeps its soonest-first order", () => {
    expect(apiQuery({ expiring: true, sort: "-createdAt" })).toEqual({ search: undefined, category: undefined, expiring: "true", sort: undefined, vehicleId: undefined, userId: undefined, limit: 50, cursor: undefined });
    expect(apiQuery({ sort: "name", vehicleId: "v1", limit: 5 }, "c2")).toMatchObject({ sort: "name", vehicleId: "v1", limit: 5, cursor: "c2" });
  });

  it("knows when a list is filtered", () => {
    expect(isFiltered({ sort: "name" })).toBe(false);
    expect(isFiltered({ category: "INS" })).toBe(true);
  });
});
