import { describe, expect, it } from "vitest";
import { STALE_RECORD_MESSAGE } from "@fleetforms/core/util/errors";
import { ApiError } from "@/lib/api-client";
import { mergedTranslations } from "../../../../locales-plugin";
import { ERROR_KEYS, FIELD_MESSAGE_KEYS, errorKeyOf, limitIn } from "./messages";

const translations = { en: mergedTranslations("en"), es: mergedTranslations("es") };
const lookup = (tree: unknown, key: string) => key.split(".").reduce<any>((node, part) => node?.[part], tree);
const fill = (text: string, limit: string) => text.replace("{{limit}}", limit);

/** docs/api-companies.md and docs/api-admin.md, quoted: the English the API answers with for each code. */
const API_MESSAGES: Record<string, string> = {
  "tenant.suspended": "This company's access is suspended. Please contact your provider.",
  "tenant.requests_limit": "This company has reached its limit of 600 requests per minute. Please try again shortly.",
  "tenant.pdf_limit": "This company has reached its limit of 2000 PDF renders per day. Please try again tomorrow.",
  "tenant.storage_limit": "This company has reached its storage limit of 5 GB.",
  "record.stale": STALE_RECORD_MESSAGE,
  "company.not_found": "Company not found",
  "seat.exists": "This user already belongs to the company.",
  "member.last_orgadmin": "A company needs at least one active organization administrator.",
  "member.self": "You cannot change your own role, status or membership.",
  "member.not_found": "User not found",
};

describe("the company screens' error messages", () => {
  it.each(Object.entries(API_MESSAGES))("%s reads in English as the API says it", (code, message) => {
    expect(fill(lookup(translations.en, ERROR_KEYS[code]!), limitIn(message))).toBe(message);
  });

  it("finds the limit a message names", () => {
    expect(limitIn(API_MESSAGES["tenant.requests_limit"]!)).toBe("600");
    expect(limitIn(API_MESSAGES["tenant.pdf_limit"]!)).toBe("2000");
    expect(limitIn(API_MESSAGES["tenant.storage_limit"]!)).toBe("5 GB");
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
    expect(errorKeyOf(new ApiError("anything", 403, "tenant.suspended"))).toBe("companies.errors.suspended");
    expect(errorKeyOf(new ApiError("boom", 500, "server.error"))).toBe("common.errors.server");
    expect(errorKeyOf(new ApiError("Company name cannot be empty", 400, "request.invalid"))).toBe("companies.messages.nameRequired");
    expect(errorKeyOf(new ApiError("Something new", 400, "request.invalid"))).toBeUndefined();
    expect(errorKeyOf(new Error("offline"))).toBeUndefined();
  });
});
