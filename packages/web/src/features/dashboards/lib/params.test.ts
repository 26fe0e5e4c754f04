import { describe, expect, it } from "vitest";
import { compactParams, formatParams, paramsAreValid, paramsProblem, PARAMS_INVALID_KEY } from "./params";

describe("dashboard parameters (SPEC §5)", () => {
  it.each(["", "   ", "{}", '{"period":"week"}', ' { "region": "south", "ids": [1, 2], "nested": { "a": null } } '])("accepts %j", (text) => {
    expect(paramsAreValid(text)).toBe(true);
    expect(paramsProblem(text)).toBeUndefined();
  });

  it.each(["{", "{period: 'week'}", "[]", "[1,2]", "null", "42", '"text"', "true", "{} {}", "{'a':1}"])("refuses %j with the SPEC's message", (text) => {
    expect(paramsAreValid(text)).toBe(false);
    expect(paramsProblem(text)).toBe(PARAMS_INVALID_KEY);
  });

  it("lays an object out on lines for editing and leaves anything else as it was", () => {
    expect(formatParams('{"a":1,"b":{"c":"d"}}')).toBe('{\n  "a": 1,\n  "b": {\n    "c": "d"\n  }\n}');
    expect(formatParams("")).toBe("");
    expect(formatParams("[1]")).toBe("[1]");
    expect(formatParams("{oops")).toBe("{oops");
  });

  it("sends the object compactly, and nothing for an empty one", () => {
    expect(compactParams(' {\n "region" : "south" }\n')).toBe('{"region":"south"}');
    expect(compactParams("{}")).toBe("");
    expect(compactParams("  ")).toBe("");
  });
});
