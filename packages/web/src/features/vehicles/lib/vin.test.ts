import { describe, expect, it } from "vitest";
import { caretAfterNormalising, hasValidCheckDigit, isValidVin, normaliseVin, vinCheckDigit } from "./vin";

describe("VIN", () => {
  it("is upper-cased with spaces and dashes removed", () => {
    expect(normaliseVin(" 1fujg ldr5-clbp8834 ")).toBe("1FUJGLDR5CLBP8834");
  });

  it("is 17 digits and letters other than I, O and Q, or empty", () => {
    expect(isValidVin("1FUJGLDR5CLBP8834")).toBe(true);
    expect(isValidVin("")).toBe(true);
    expect(isValidVin("1FUJGLDR5CLBP883")).toBe(false);
    expect(isValidVin("1FUJGLDR5CLBP88345")).toBe(false);
    for (const letter of ["I", "O", "Q"]) expect(isValidVin(`1FUJGLDR5CLBP883${letter}`)).toBe(false);
    expect(isValidVin("1fujgldr5clbp8834")).toBe(false);
  });

  it("carries the North American check digit in position 9", () => {
    // 1·8 + 6·7 + 4·6 + 1·5 + 7·4 + 3·3 + 4·2 + 9·10 + 3·9 + 3·8 + 2·7 + 7·6 + 8·5 + 8·4 + 3·3 + 4·2 = 410, 410 mod 11 = 3
    expect(vinCheckDigit("1FUJGLDR5CLBP8834")).toBe("3");
    expect(hasValidCheckDigit("1FUJGLDR3CLBP8834")).toBe(true);
    expect(hasValidCheckDigit("1FUJGLDR5CLBP8834")).toBe(false);
    expect(hasValidCheckDigit("1FUJGLDR0CLBP8834")).toBe(false);
    // a remainder of 10 is written X
    expect(hasValidCheckDigit("1M8GDM9AXKP042788")).toBe(true);
    expect(hasValidCheckDigit("11111111111111111")).toBe(true);
  });

  it("keeps the caret after the characters typed before it", () => {
    expect(caretAfterNormalising("1fu jg", 4)).toBe(3);
    expect(caretAfterNormalising("1FU-JG", 6)).toBe(5);
  });
});
