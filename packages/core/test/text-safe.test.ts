import * as z from "@fleetforms/core/util/zod";
import { describe, expect, it } from "vitest";
import { UNSAFE_TEXT_MESSAGE, isSafeMultilineText, isSafeText, safeMultilineText, safeText } from "@fleetforms/core/util/text";
import { RegistrationPayload, RegisteringUser, MESSAGES } from "@fleetforms/core/auth/schemas";
import { ProfileEdit, Username } from "@fleetforms/core/user/validation";
import { FormFields } from "@fleetforms/core/form/fields";
import { LocalizedText } from "@fleetforms/core/form/definition";
import * as Asset from "@fleetforms/core/asset/index";

/** Security item 10: every character the refinement refuses, by code point. */
const REFUSED = [
  ...Array.from({ length: 0x20 }, (_, i) => i),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
  0x061c,
  0x200e,
  0x200f,
  0x202a,
  0x202b,
  0x202c,
  0x202d,
  0x202e,
  0x2066,
  0x2067,
  0x2068,
  0x2069,
  0xfeff,
].map((code) => String.fromCodePoint(code));
const hex = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

describe("safeText (control and text-direction characters)", () => {
  it("refuses each C0/C1 control, bidi mark, embedding, override, isolate, the Arabic letter mark and the BOM", () => {
    for (const char of REFUSED) expect(isSafeText(`invoice${char}fdp.exe`), hex(char)).toBe(false);
  });

  it("lets a multi-line text keep tabs and line breaks, and nothing else of the set", () => {
    for (const char of REFUSED) expect(isSafeMultilineText(`a${char}b`), hex(char)).toBe(["\t", "\n", "\r"].includes(char));
  });

  it("accepts ordinary text in any script, accents, emoji and the joiners that shape it", () => {
    for (const text of ["José Núñez", "O'Brien-Smith", "محمد", "שלום", "東京", "👩‍🔧 Fleet", "Straße 5, 2º", "a\u200db", "x\u00a0y"]) expect(isSafeText(text), text).toBe(true);
  });

  it("wraps a zod string with the one message, keeping its other rules", () => {
    const Name = safeText(z.string().check(z.trim(), z.minLength(1, "required")));
    expect(Name.safeParse("  Ana ").data).toBe("Ana");
    expect(Name.safeParse("").error?.issues[0]?.message).toBe("required");
    expect(Name.safeParse("Ana\u202Eevil").error?.issues.map((issue) => issue.message)).toEqual([UNSAFE_TEXT_MESSAGE]);
    const Notes = safeMultilineText(z.string());
    expect(Notes.safeParse("line one\n\tline two").success).toBe(true);
    expect(Notes.safeParse("line\u2066 two").success).toBe(false);
    expect(MESSAGES.unsafeText).toBe(UNSAFE_TEXT_MESSAGE);
  });
});

describe("the shared schemas refuse them", () => {
  const RLO = "\u202E";
  const messagesOf = (result: { error?: z.core.$ZodError }) => result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? [];
  const registration = {
    email: "a@example.com",
    password: "a long enough passphrase",
    firstName: "Ana",
    lastName: "Lopez",
    username: "ana_lopez",
    companyName: "Acme",
    companyEmail: "office@example.com",
  };

  it("in registration names, company name and address, invitations and profile edits", () => {
    expect(RegistrationPayload.safeParse(registration).success).toBe(true);
    for (const field of ["firstName", "lastName", "companyName", "companyCity"] as const) {
      expect(messagesOf(RegistrationPayload.safeParse({ ...registration, [field]: `Acme${RLO}gpj.exe` }))).toContain(`${field}: ${UNSAFE_TEXT_MESSAGE}`);
    }
    expect(messagesOf(RegisteringUser.safeParse({ username: "ana_lopez", firstName: "A\u0007na", lastName: "L" }))).toContain(`firstName: ${UNSAFE_TEXT_MESSAGE}`);
    expect(messagesOf(ProfileEdit.safeParse({ userId: "u", version: 1, firstName: `Ana${RLO}` }))).toContain(`firstName: ${UNSAFE_TEXT_MESSAGE}`);
    expect(Username.safeParse(`ana${RLO}lopez`).success).toBe(false);
  });

  it("in form names, definition labels and titles, and file names", () => {
    expect(messagesOf(FormFields.shape.name.safeParse(`Inspection${RLO}`))).toEqual([`: ${UNSAFE_TEXT_MESSAGE}`]);
    expect(LocalizedText.safeParse({ en: "Tires", es: "Llantas" }).success).toBe(true);
    expect(LocalizedText.safeParse({ en: `Tires\u2067` }).success).toBe(false);
    expect(LocalizedText.safeParse({ en: "Tires", es: `\uFEFFLlantas\u200F` }).success).toBe(false);
    const upload = { fileType: "application/pdf", size: 10 };
    expect(Asset.UploadUrlInput.safeParse({ ...upload, fileName: "invoice.pdf" }).success).toBe(true);
    expect(messagesOf(Asset.UploadUrlInput.safeParse({ ...upload, fileName: `invoice${RLO}fdp.exe` }))).toContain(`fileName: ${UNSAFE_TEXT_MESSAGE}`);
  });
});

describe("the company and account schemas the admin screens will use", () => {
  it("refuse a company name or a person's name spoofed with a bidi override", async () => {
    const { CompanyFields } = await import("@fleetforms/core/company/index");
    const { CreateInput } = await import("@fleetforms/core/user/index");
    expect(CompanyFields.safeParse({ name: "Acme\u202Egnp.exe" }).success).toBe(false);
    expect(CreateInput.safeParse({ username: "safe_name1", email: "safe@example.com", firstName: "Ann\u202E" }).success).toBe(false);
    expect(CreateInput.safeParse({ username: "safe_name1", email: "safe@example.com", firstName: "Ann" }).success).toBe(true);
  });
});
