import { describe, expect, it } from "vitest";
import { STALE_RECORD_MESSAGE } from "@fleetforms/core/util/errors";
import { ApiError } from "@/lib/api-client";
import { mergedTranslations } from "../../../../locales-plugin";
import { ERROR_KEYS, FIELD_MESSAGE_KEYS, errorKeyOf } from "./messages";

const translations = { en: mergedTranslations("en"), es: mergedTranslations("es") };
const lookup = (tree: unknown, key: string) => key.split(".").reduce<any>((node, part) => node?.[part], tree);

/** docs/api-admin.md, quoted: the English the API answers with for each code the admin screens translate. */
const API_MESSAGES: Record<string, string> = {
  "member.not_found": "User not found",
  "member.self": "You cannot change your own role, status or membership.",
  "member.last_orgadmin": "A company needs at least one active organization administrator.",
  "member.shared_account": "This account belongs to other companies too; only the person or a provider administrator can change its e-mail, phone, name, language or password.",
  "member.provider_admin": "Only a provider administrator can manage a provider administrator.",
  "member.self_account": "Change your own e-mail or phone on your profile page, with your current password.",
  "seat.exists": "This user already belongs to the company.",
  "company.not_found": "Company not found",
  "user.username_taken": "This username is already taken",
  "user.email_taken": "An account with this email address already exists",
  "messaging.too_many": "Too many messages. Please try again later.",
  "record.stale": STALE_RECORD_MESSAGE,
};

describe("the admin screens' error messages", () => {
  it.each(Object.entries(API_MESSAGES))("%s reads in English as the API says it", (code, message) => {
    expect(lookup(translations.en, ERROR_KEYS[code]!)).toBe(message);
  });

  it("translates every code and schema message into Spanish", () => {
    for (const key of [...Object.values(ERROR_KEYS), ...FIELD_MESSAGE_KEYS.values()]) {
      expect(typeof lookup(translations.es, key), key).toBe("string");
      expect(typeof lookup(translations.en, key), key).toBe("string");
    }
  });

  it("quotes the schemas' English for the field messages", () => {
    for (const [message, key] of FIELD_MESSAGE_KEYS) expect(lookup(translations.en, key)).toBe(message);
  });

  it("picks the key by code, then server errors, then the message; unknown 4xx keep the API's words", () => {
    expect(errorKeyOf(new ApiError("anything", 409, "member.last_orgadmin"))).toBe("admin.errors.lastOrgadmin");
    expect(errorKeyOf(new ApiError("boom", 500, "server.error"))).toBe("common.errors.server");
    expect(errorKeyOf(new ApiError("Please enter a valid email address", 400, "request.invalid"))).toBe("admin.messages.emailInvalid");
    expect(errorKeyOf(new ApiError("Something new", 400, "request.invalid"))).toBeUndefined();
    expect(errorKeyOf(new Error("offline"))).toBeUndefined();
  });
});
