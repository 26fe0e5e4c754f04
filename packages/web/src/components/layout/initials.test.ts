import { describe, expect, it } from "vitest";
import { initialsOf } from "./initials";

describe("initialsOf", () => {
  it("takes the first letters of the first and last names", () => {
    expect(initialsOf({ firstName: "Alicia", lastName: "Moreno", username: "acme_admin" })).toBe("AM");
    expect(initialsOf({ firstName: "dan", lastName: "driver", username: "acme_driver" })).toBe("DD");
    expect(initialsOf({ firstName: "Óscar", lastName: "", username: "oscar" })).toBe("Ó");
  });

  it("falls back to the username's parts, then to a question mark", () => {
    expect(initialsOf({ firstName: "", lastName: "", username: "beta_admin" })).toBe("BA");
    expect(initialsOf({ username: "admin" })).toBe("A");
    expect(initialsOf({ username: "" })).toBe("?");
  });
});
