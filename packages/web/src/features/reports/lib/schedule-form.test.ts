import { describe, expect, it } from "vitest";
import { CADENCE_MESSAGES, REPORT_MESSAGES } from "@fleetforms/core/report/schemas";
import type { Schedule } from "../types";
import { draftOf, emailsOf, fieldOfPath, newDraft, toFields, withWhat, type ScheduleDraft } from "./schedule-form";

const draft = (changes: Partial<ScheduleDraft> = {}): ScheduleDraft => ({
  ...newDraft("America/Chicago", "es"),
  name: "  Weekly inspections ",
  formIds: [3, 7],
  recipientUserIds: ["u1"],
  emails: "Auditor@Example.com,\n boss@example.com; auditor@example.com",
  ...changes,
});

describe("toFields", () => {
  it("maps a weekly draft to what POST /reports takes", () => {
    expect(toFields(draft())).toEqual({
      fields: {
        name: "Weekly inspections",
        what: "submissions",
        formIds: [3, 7],
        period: "previous_week",
        format: "csv",
        lang: "es",
        recipientUserIds: ["u1"],
        recipientEmails: ["auditor@example.com", "boss@example.com"],
        cadence: { kind: "weekly", day: 1, time: "07:00" },
        timeZone: "America/Chicago",
        status: "active",
      },
    });
  });

  it("sends only the cadence's own fields, and the version when editing", () => {
    expect(toFields(draft({ kind: "daily", weekday: 4, time: "06:30" }), 3)).toMatchObject({ fields: { cadence: { kind: "daily", time: "06:30" }, version: 3 } });
    expect(toFields(draft({ kind: "monthly", monthday: "31" }))).toMatchObject({ fields: { cadence: { kind: "monthly", day: 31, time: "07:00" } } });
  });

  it("names every problem at once, with the shared schema's messages", () => {
    expect(toFields(draft({ name: " ", formIds: [], recipientUserIds: [], emails: "", time: "7:00", timeZone: "Mars/Olympus" }))).toEqual({
      errors: {
        name: REPORT_MESSAGES.nameRequired,
        formIds: REPORT_MESSAGES.formsRequired,
        recipients: REPORT_MESSAGES.recipientsRequired,
        time: CADENCE_MESSAGES.time,
        timeZone: CADENCE_MESSAGES.timeZone,
      },
    });
    expect(toFields(draft({ formIds: [] }))).toEqual({ errors: { formIds: REPORT_MESSAGES.formsRequired } });
    expect(toFields(draft({ emails: "not-an-address" }))).toEqual({ errors: { emails: REPORT_MESSAGES.email } });
    expect(toFields(draft({ kind: "monthly", monthday: "32" }))).toEqual({ errors: { day: CADENCE_MESSAGES.monthday } });
    expect(toFields(draft({ kind: "monthly", monthday: "" }))).toEqual({ errors: { day: CADENCE_MESSAGES.monthday } });
  });

  it("sends an inspection summary without forms, and never as a ZIP", () => {
    expect(toFields(draft({ what: "inspection_summary", formIds: [3], format: "xlsx" }))).toMatchObject({ fields: { what: "inspection_summary", formIds: [], format: "xlsx" } });
    expect(toFields(draft({ what: "inspection_summary", format: "zip" }))).toEqual({ errors: { format: REPORT_MESSAGES.zipSubmissionsOnly } });
    expect(toFields(draft({ what: "inspection_summary", format: "zip", name: "" }))).toEqual({ errors: { name: REPORT_MESSAGES.nameRequired, format: REPORT_MESSAGES.zipSubmissionsOnly } });
    expect(toFields(draft({ format: "zip" }))).toMatchObject({ fields: { what: "submissions", format: "zip" } });
  });

  it("takes e-mail addresses alone as recipients", () => {
    expect(toFields(draft({ recipientUserIds: [], emails: "a@example.com" }))).toMatchObject({ fields: { recipientUserIds: [], recipientEmails: ["a@example.com"] } });
  });
});

describe("withWhat", () => {
  it("keeps the format a kind of report can be built as, else turns to CSV", () => {
    expect(withWhat(draft({ format: "zip" }), "inspection_summary")).toMatchObject({ what: "inspection_summary", format: "csv" });
    expect(withWhat(draft({ format: "xlsx" }), "inspection_summary")).toMatchObject({ what: "inspection_summary", format: "xlsx" });
    expect(withWhat(draft({ what: "inspection_summary", format: "xlsx", formIds: [3] }), "submissions")).toMatchObject({ what: "submissions", format: "xlsx", formIds: [3] });
  });
});

describe("draftOf", () => {
  it("reads a schedule back into the form, round trip", () => {
    const schedule: Schedule = {
      id: "s1",
      name: "Monthly",
      what: "submissions",
      formIds: [3],
      period: "previous_month",
      format: "xlsx",
      lang: "en",
      recipientUserIds: [],
      recipientEmails: ["a@example.com", "b@example.com"],
      cadence: { kind: "monthly", day: 15, time: "08:00" },
      timeZone: "Europe/Madrid",
      status: "paused",
      nextRunAt: null,
      lastRunAt: null,
      version: 4,
      createdAt: "2026-01-01T00:00:00.000Z",
    };
    const { id: _id, nextRunAt: _next, lastRunAt: _last, createdAt: _created, ...fields } = schedule;
    expect(draftOf(schedule)).toMatchObject({ emails: "a@example.com, b@example.com", kind: "monthly", monthday: "15" });
    expect(toFields(draftOf(schedule), schedule.version)).toEqual({ fields });
  });
});

describe("emailsOf and fieldOfPath", () => {
  it("splits, lower-cases and dedupes addresses", () => {
    expect(emailsOf(" A@x.io ;b@x.io\n\na@x.io ")).toEqual(["a@x.io", "b@x.io"]);
  });

  it.each([
    ["name", "name"],
    ["formIds", "formIds"],
    ["formIds.0", "formIds"],
    ["format", "format"],
    ["recipientUserIds", "recipients"],
    ["recipientEmails.2", "emails"],
    ["cadence.time", "time"],
    ["cadence.day", "day"],
    ["timeZone", "timeZone"],
    ["_", undefined],
  ])("puts %s next to %s", (path, field) => {
    expect(fieldOfPath(path)).toBe(field);
  });
});
