import { describe, expect, it } from "vitest";
import { draftOf, GIB, limitsBody } from "./limits-form";

const limits = { requestsPerMinute: 600, storageBytes: 5 * GIB, users: 1000, pdfRendersPerDay: 2000, reportSchedules: 50 };

describe("the limits form", () => {
  it("starts from the limits in force, storage in gigabytes", () => {
    expect(draftOf(limits)).toEqual({ requestsPerMinute: "600", storageBytes: "5", users: "1000", pdfRendersPerDay: "2000", reportSchedules: "50" });
  });

  it("sends only what changed; an emptied field goes back to the default", () => {
    const draft = { ...draftOf(limits), users: " 25 ", pdfRendersPerDay: "" };
    expect(limitsBody(draft, limits)).toEqual({ body: { users: 25, pdfRendersPerDay: null }, invalid: [] });
  });

  it("sends nothing when nothing changed", () => {
    expect(limitsBody(draftOf(limits), limits)).toEqual({ body: {}, invalid: [] });
  });

  it("turns gigabytes into bytes, with a comma or a point", () => {
    expect(limitsBody({ ...draftOf(limits), storageBytes: "1,5" }, limits).body).toEqual({ storageBytes: Math.round(1.5 * GIB) });
  });

  it("refuses what the API's schema refuses", () => {
    const draft = { requestsPerMinute: "0", storageBytes: "-1", users: "2.5", pdfRendersPerDay: "lots", reportSchedules: "0" };
    expect(limitsBody(draft, limits).invalid.sort()).toEqual(["pdfRendersPerDay", "reportSchedules", "requestsPerMinute", "storageBytes", "users"]);
  });
});
