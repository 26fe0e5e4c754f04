import { describe, expect, it } from "vitest";
import { errorKey, getAt, setAt } from "./value-path";

describe("answers by path", () => {
  const values = { driver: "Dan", defects: [{ part: "Mirror" }, { part: "Lamp" }] };

  it("reads an answer, in a group item too", () => {
    expect(getAt(values, ["driver"])).toBe("Dan");
    expect(getAt(values, ["defects", 1, "part"])).toBe("Lamp");
    expect(getAt(values, ["defects", 5, "part"])).toBeUndefined();
    expect(getAt(values, ["driver", "x"])).toBeUndefined();
  });

  it("writes a copy, leaving the original as it was", () => {
    const next = setAt(values, ["defects", 0, "part"], () => "Bracket");
    expect(next.defects[0]).toEqual({ part: "Bracket" });
    expect(values.defects[0]).toEqual({ part: "Mirror" });
    expect(next.defects[1]).toBe(values.defects[1]);
  });

  it("creates the items it needs and removes an answer set to undefined", () => {
    expect(setAt({}, ["defects", 0, "part"], () => "Lamp")).toEqual({ defects: [{ part: "Lamp" }] });
    expect(setAt(values, ["driver"], () => undefined)).toEqual({ defects: values.defects });
  });

  it("passes the previous answer to the update", () => {
    expect(setAt({ count: 1 }, ["count"], (previous) => (previous as number) + 1)).toEqual({ count: 2 });
  });

  it("names errors as the server does", () => {
    expect(errorKey(["defects", 0, "part"])).toBe("defects.0.part");
  });
});
