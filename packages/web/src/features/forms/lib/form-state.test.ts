import { describe, expect, it } from "vitest";
import { fillBlock, formStateOf } from "./form-state";

const form = { isActive: true, status: "active" as const, assignedRoles: [], assignedUserIds: [] };

describe("form state (SPEC §4)", () => {
  it("is a draft when inactive or when its status is 'draft'", () => {
    expect(formStateOf({ ...form, isActive: false })).toBe("draft");
    expect(formStateOf({ ...form, status: "draft" })).toBe("draft");
  });

  it("is assigned when active and assigned by user or by role", () => {
    expect(formStateOf({ ...form, assignedRoles: ["user"] }, { role: "user" })).toBe("assigned");
    expect(formStateOf({ ...form, assignedUserIds: ["u1"] }, { role: "viewer", userId: "u1" })).toBe("assigned");
    expect(formStateOf({ ...form, assignedRoles: ["user"] }, { role: "viewer" })).toBe("active");
    expect(formStateOf({ ...form, status: "inactive" })).toBe("inactive");
  });

  it("takes the server's state when it is given", () => {
    expect(formStateOf({ ...form, state: "assigned" })).toBe("assigned");
  });
});

describe("who may send answers", () => {
  it("never a viewer or an inactive member", () => {
    expect(fillBlock(form, "viewer")).toBe("viewer");
    expect(fillBlock(form, "inactive")).toBe("inactiveRole");
  });

  it("refuses inactive forms and keeps drafts (switched off too) to administrators", () => {
    expect(fillBlock({ ...form, isActive: false }, "admin")).toBeUndefined();
    expect(fillBlock({ ...form, isActive: false }, "user")).toBe("draft");
    expect(fillBlock({ ...form, status: "inactive" }, "user")).toBe("closed");
    expect(fillBlock({ ...form, status: "inactive" }, "orgadmin")).toBe("closed");
    expect(fillBlock({ ...form, status: "draft" }, "user")).toBe("draft");
    expect(fillBlock({ ...form, status: "draft" }, "orgadmin")).toBeUndefined();
    expect(fillBlock(form, "user")).toBeUndefined();
  });
});
