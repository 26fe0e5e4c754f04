import { describe, expect, it } from "vitest";
import { present } from "../src/activity/feed";
import type { ActivityItem } from "../src/activity";

/* Issue 40: the feed named people by their usernames where they have names; a person it is about is named as its author is. */
const item = (overrides: Partial<ActivityItem>): ActivityItem => ({
  companyId: "c1",
  activityId: "2026-12-01T11:53:25.000Z#ab12cd34",
  at: "2026-12-01T11:53:25.000Z",
  actorId: "u-admin",
  actorName: "acme_admin",
  action: "user.role_changed",
  subjectType: "user",
  subjectId: "u-driver",
  subjectName: "acme_driver",
  formId: 0,
  before: '{"role":"user"}',
  after: '{"role":"viewer"}',
  ...overrides,
});

describe("the people an activity entry names", () => {
  const people = new Map([
    ["u-admin", "Alice Admin"],
    ["u-driver", "Diego Driver"],
  ]);

  it("names the author and a person it is about by their names now, not the usernames recorded", () => {
    const shown = present(item({}), undefined, people);
    expect(shown.actorName).toBe("Alice Admin");
    expect(shown.subject.name).toBe("Diego Driver");
  });

  it("keeps the recorded name of someone since deleted, of an invitation's address and of what is not a person", () => {
    expect(present(item({ subjectId: "u-gone", subjectName: "old_user" }), undefined, people).subject.name).toBe("old_user");
    expect(present(item({ action: "user.invited", subjectId: "new@example.com", subjectName: "new@example.com" }), undefined, people).subject.name).toBe("new@example.com");
    // a vehicle whose id happens to be a person's is still the vehicle
    expect(present(item({ action: "vehicle.edited", subjectType: "vehicle", subjectId: "u-driver", subjectName: "Truck 7" }), undefined, people).subject.name).toBe("Truck 7");
  });
});
