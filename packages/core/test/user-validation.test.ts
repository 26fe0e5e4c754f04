import { describe, expect, it } from "vitest";
import { normalizePhone, ProfileEdit, Username } from "@fleetforms/core/user/validation";
import { RegisterInput, RegistrationPayload, SmsLoginRequest } from "@fleetforms/core/auth/schemas";

describe("SPEC §5 phone numbers", () => {
  it.each([
    ["5125550100", "15125550100"],
    ["(512) 555-0100", "15125550100"],
    ["+1 512 555 0100", "15125550100"],
    ["15125550100", "15125550100"],
    ["25125550100", null],
    ["555-0100", null],
    ["", null],
    [undefined, null],
  ])("%j becomes %j", (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });
});

describe("SPEC §5 usernames", () => {
  it("start with a letter, 5-20 letters, numbers and underscores, lower-cased", () => {
    expect(Username.parse("Acme_Driver1")).toBe("acme_driver1");
    for (const bad of ["abcd", "1abcde", "abc-def", "a".repeat(21), "ab cd e"]) expect(Username.safeParse(bad).success).toBe(false);
    expect(Username.safeParse("a".repeat(20)).success).toBe(true);
  });
});

describe("registration and sign-in schemas", () => {
  it("needs a registration token or an e-mail and password", () => {
    const user = { username: "someone", firstName: "S", lastName: "O" };
    const result = RegisterInput.safeParse({ user });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe("Missing authentication information");
    expect(RegisterInput.parse({ user, email: "A@B.example", password: "long enough pass" })).toMatchObject({ email: "a@b.example" });
    expect(RegisterInput.parse({ user, registration_token: "t", password: "long enough pass" })).toMatchObject({ registrationToken: "t", email: undefined });
  });

  it("accepts a website without a scheme and refuses nonsense", () => {
    const base = { email: "a@b.example", password: "long enough pass", firstName: "A", lastName: "B", username: "abcde", companyName: "C", companyEmail: "c@b.example" };
    expect(RegistrationPayload.parse({ ...base, companyUrl: "acme.example" }).companyUrl).toBe("https://acme.example/");
    expect(RegistrationPayload.safeParse({ ...base, companyUrl: "acme" }).error!.issues[0]!.message).toBe("Please enter a valid website URL");
    expect(RegistrationPayload.parse(base).lang).toBe("en");
  });

  it("needs explicit consent for an SMS link", () => {
    expect(SmsLoginRequest.safeParse({ phoneNumber: "5125550100", consent: "yes" }).error!.issues[0]!.message).toBe("Please provide consent to receive the SMS login link");
    expect(SmsLoginRequest.parse({ phoneNumber: "512.555.0100", consent: true }).phoneNumber).toBe("15125550100");
  });

  it("trims profile names, lower-cases the e-mail and needs userId", () => {
    expect(ProfileEdit.parse({ userId: "u", firstName: "  Ana ", email: " ANA@B.example ", version: 1 })).toMatchObject({ firstName: "Ana", email: "ana@b.example" });
    expect(ProfileEdit.safeParse({ version: 1 }).error!.issues[0]!.message).toBe("userId is required");
    expect(ProfileEdit.safeParse({ userId: " ", version: 1 }).error!.issues[0]!.message).toBe("userId is required");
  });
});

describe("Email length", () => {
  it("refuses an address longer than RFC 5321 allows, with the SPEC message", async () => {
    const { Email } = await import("../src/user/validation");
    expect(Email.safeParse(`${"a".repeat(245)}@example.com`).success).toBe(false);
    expect(Email.safeParse(`${"a".repeat(60)}@example.com`).success).toBe(true);
  });
});
