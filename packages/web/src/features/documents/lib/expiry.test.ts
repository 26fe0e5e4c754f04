import { describe, expect, it } from "vitest";
import { daysUntil, expiryBadge, expiryOf } from "./expiry";

const today = new Date("2026-11-24T23:30:00Z");

describe("expiry", () => {
  it("counts whole days from today in UTC", () => {
    expect(daysUntil("2026-11-24", today)).toBe(0);
    expect(daysUntil("2026-12-04", today)).toBe(10);
    expect(daysUntil("2026-11-20", today)).toBe(-4);
    expect(daysUntil("not a day", today)).toBeNull();
  });

  it("trusts the API's count and state when it sends them", () => {
    expect(expiryOf({ expiresOn: "2026-12-04", daysToExpiry: 10, expiry: "soon" }, today)).toEqual({ kind: "soon", days: 10 });
    expect(expiryOf({ expiresOn: "2026-11-20", daysToExpiry: -4, expiry: "expired" }, today)).toEqual({ kind: "expired", days: -4 });
  });

  it("counts here when the API sent no count", () => {
    expect(expiryOf({ expiresOn: "2026-12-24", daysToExpiry: null, expiry: "" }, today)).toEqual({ kind: "soon", days: 30 });
    expect(expiryOf({ expiresOn: "2026-12-25", daysToExpiry: null, expiry: "" }, today)).toEqual({ kind: "later", days: 31 });
    expect(expiryOf({ expiresOn: "", daysToExpiry: null, expiry: "" }, today)).toEqual({ kind: "none" });
  });

  it("words the badge: Expired, Expires today, Expires in N days, nothing when far", () => {
    expect(expiryBadge({ kind: "expired", days: -4 })).toEqual({ key: "documents.expiry.expired" });
    expect(expiryBadge({ kind: "soon", days: 0 })).toEqual({ key: "documents.expiry.today" });
    expect(expiryBadge({ kind: "soon", days: 10 })).toEqual({ key: "documents.expiry.inDays", values: { count: 10 } });
    expect(expiryBadge({ kind: "later", days: 90 })).toBeNull();
    expect(expiryBadge({ kind: "none" })).toBeNull();
  });
});
