import { describe, expect, it } from "vitest";
import { labelEvery, niceTicks } from "./scale";

describe("the y axis", () => {
  it("rounds up to steps of 1, 2 or 5 times a power of ten", () => {
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(18)).toEqual([0, 5, 10, 15, 20]);
    expect(niceTicks(95)).toEqual([0, 50, 100]);
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });
  it("has a first step even with nothing to count", () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(Number.NaN)).toEqual([0, 1]);
  });
  it("thins x labels that would not fit", () => {
    expect(labelEvery(5, 8)).toBe(1);
    expect(labelEvery(20, 8)).toBe(3);
  });
});
