import { describe, expect, it } from "vitest";
import { canChangeCategory, canManage, canUpload, type Viewer } from "./permissions";

const viewer = (role: Viewer["role"], userId = "u1", username = "dana"): Viewer => ({ role, userId, username });
const document = { uploadedById: "u1", uploadedBy: "dana" };

describe("who may do what (docs/api-documents.md)", () => {
  it("lets users, orgadmins and admins upload; viewers only read", () => {
    expect(["user", "orgadmin", "admin"].map((role) => canUpload(viewer(role as Viewer["role"])))).toEqual([true, true, true]);
    expect(canUpload(viewer("viewer"))).toBe(false);
  });

  it("lets the uploader and administrators manage a document", () => {
    expect(canManage(document, viewer("user"))).toBe(true);
    expect(canManage(document, viewer("user", "u2", "sam"))).toBe(false);
    expect(canManage(document, viewer("orgadmin", "u9", "boss"))).toBe(true);
    expect(canManage(document, viewer("viewer"))).toBe(false);
  });

  it("leaves global categories to provider administrators", () => {
    expect(canChangeCategory({ isGlobal: false }, viewer("orgadmin"))).toBe(true);
    expect(canChangeCategory({ isGlobal: true }, viewer("orgadmin"))).toBe(false);
    expect(canChangeCategory({ isGlobal: true }, viewer("admin"))).toBe(true);
    expect(canChangeCategory({ isGlobal: false }, viewer("user"))).toBe(false);
  });
});
