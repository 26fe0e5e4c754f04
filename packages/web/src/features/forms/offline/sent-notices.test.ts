import { describe, expect, it } from "vitest";
import { createSentNotices, noticesFor, type SentNotice } from "./sent-notices";

const notice = (key: string, scope = { userId: "driver", companyId: "acme" }): SentNotice => ({ key, ...scope, formId: 7, formName: `Yard check ${key}`, submissionId: 100, sentAt: 0 });

describe("the 'sent' notices", () => {
  it("shows a submission once, however many runs of the sender report it", () => {
    const notices = createSentNotices();
    let told = 0;
    notices.subscribe(() => told++);
    notices.add(notice("a"));
    notices.add(notice("a"));
    expect(notices.list().map((shown) => shown.key)).toEqual(["a"]);
    expect(told).toBe(1);
  });

  it("keeps each until dismissed, and only the newest few", () => {
    const notices = createSentNotices(2);
    ["a", "b", "c"].forEach((key) => notices.add(notice(key)));
    expect(notices.list().map((shown) => shown.key)).toEqual(["b", "c"]);
    notices.dismiss("b");
    expect(notices.list().map((shown) => shown.key)).toEqual(["c"]);
  });

  it("belong to the person and company that sent them", () => {
    const mine = notice("a");
    const theirs = notice("b", { userId: "someone else", companyId: "acme" });
    const otherCompany = notice("c", { userId: "driver", companyId: "beta" });
    expect(noticesFor([mine, theirs, otherCompany], { userId: "driver", companyId: "acme" })).toEqual([mine]);
    expect(noticesFor([mine], null)).toEqual([]);
  });
});
