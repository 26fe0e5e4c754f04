import { describe, expect, it } from "vitest";
import { ACTIONS, activitySentence, changeList, changeValue, fieldLabelKey, PLACEHOLDERS, sentenceParts, spacedName, STATUSES } from "./sentence";

const entry = (action: string, subject: { type: string; id: string; name?: string } = { type: "submission", id: "412", name: "Daily vehicle inspection" }) => ({ action, actorName: "acme_admin", subject });

describe("activity sentences", () => {
  it("gives each known action its own sentence, with who and what", () => {
    expect(activitySentence(entry("submission.approved"))).toEqual({
      key: "activity.actions.submission.approved",
      values: { actor: "acme_admin", subject: "Daily vehicle inspection", action: "submission.approved" },
    });
    for (const action of ACTIONS) expect(activitySentence(entry(action)).key).toBe(`activity.actions.${action}`);
  });

  it("names an object without a name by its id", () => {
    expect(activitySentence(entry("vehicle.deleted", { type: "vehicle", id: "v-7", name: " " })).values.subject).toBe("#v-7");
    expect(activitySentence(entry("billing.paid", { type: "billing", id: "" })).values.subject).toBe("");
  });

  it("names a form in the interface's language, else the other one (issue 19)", () => {
    const subject = { type: "submission", id: "9", name: "Fuel log", names: { en: "Fuel log", es: "Registro de combustible" } };
    expect(activitySentence({ action: "submission.created", actorName: "ana", subject }, "es").values.subject).toBe("Registro de combustible");
    expect(activitySentence({ action: "submission.created", actorName: "ana", subject }, "en").values.subject).toBe("Fuel log");
    expect(activitySentence({ action: "form.created", actorName: "ana", subject: { ...subject, names: { en: "Fuel log", es: "" } } }, "es").values.subject).toBe("Fuel log");
  });

  it("says something general for an action this app does not know yet", () => {
    expect(activitySentence(entry("user.teleported"))).toEqual({
      key: "activity.actions.other",
      values: { actor: "acme_admin", subject: "Daily vehicle inspection", action: "user.teleported" },
    });
  });

  it("lists an edit's changed fields in order, each before and after in words", () => {
    expect(changeList({ name: ["Old", "New"], isActive: [true, false], description: ["", "Box truck"], assignedRoles: [["user"], ["user", "viewer"]], customParams: [null, { region: "south", depot: 4 }] }, "form.edited")).toEqual({
      mode: "changed",
      items: [
        { field: "assignedRoles", before: { kind: "text", text: "user" }, after: { kind: "text", text: "user, viewer" } },
        { field: "customParams", before: { kind: "empty" }, after: { kind: "text", text: "region: south, depot: 4" } },
        { field: "description", before: { kind: "empty" }, after: { kind: "text", text: "Box truck" } },
        { field: "isActive", before: { kind: "yes" }, after: { kind: "no" } },
        { field: "name", before: { kind: "text", text: "Old" }, after: { kind: "text", text: "New" } },
      ],
    });
    expect(changeList(null)).toEqual({ mode: "changed", items: [] });
  });

  it("leaves out a field empty before and after: it says nothing", () => {
    expect(changeList({ customParams: [null, {}], note: ["", null] }, "dashboard.associated").items).toEqual([]);
  });

  it("reads what a new thing was made with as its details, and what a removed one held as it was", () => {
    const made = changeList({ category: [null, "HR"], fileName: [null, "pay.csv"] }, "document.uploaded");
    expect(made.mode).toBe("details");
    expect(made.items.map((item) => item.after)).toEqual([{ kind: "text", text: "HR" }, { kind: "text", text: "pay.csv" }]);
    expect(changeList({ vin: ["1FTBW3XM", null] }, "vehicle.deleted").mode).toBe("asItWas");
    expect(changeList({ fields: [null, ["odometer", "fuelLevel"]] }, "submission.amended")).toEqual({ mode: "details", items: [{ field: "fields", before: { kind: "empty" }, after: { kind: "text", text: "odometer, fuelLevel" } }] });
    // an amendment recorded with its questions' labels reads them in the reader's language, not the answers' keys
    const amended = { fields: [null, ["odometer", "fuelLevel"]], questions: [null, { en: "Odometer, Fuel level", es: "Odómetro, Nivel de combustible" }] } as const;
    const questions = (lang: string) => changeList(amended as never, "submission.amended", lang);
    expect(questions("es")).toEqual({ mode: "details", items: [{ field: "questions", before: { kind: "empty" }, after: { kind: "text", text: "Odómetro, Nivel de combustible" } }] });
    expect(questions("en").items).toEqual([{ field: "questions", before: { kind: "empty" }, after: { kind: "text", text: "Odometer, Fuel level" } }]);
    // an edit that fills an empty field is still a change, and so is a "made" action that replaced something
    expect(changeList({ description: [null, "Box truck"] }, "vehicle.edited").mode).toBe("changed");
    expect(changeList({ fileName: ["a.pdf", "b.pdf"] }, "document.replaced").mode).toBe("changed");
    expect(changeList({ role: [null, "orgadmin"], invitation: [null, true] }, "seat.added")).toEqual({
      mode: "details",
      items: [
        { field: "invitation", before: { kind: "empty" }, after: { kind: "yes" } },
        { field: "role", before: { kind: "empty" }, after: { kind: "role", role: "orgadmin" } },
      ],
    });
  });

  it("writes values as words: numbers, lists, flat objects, and anything deeper compactly", () => {
    expect(changeValue(3)).toEqual({ kind: "text", text: "3" });
    expect(changeValue(undefined)).toEqual({ kind: "empty" });
    expect(changeValue([])).toEqual({ kind: "empty" });
    expect(changeValue("orgadmin")).toEqual({ kind: "text", text: "orgadmin" });
    expect(changeValue("orgadmin", "role")).toEqual({ kind: "role", role: "orgadmin" });
    expect(changeValue("superuser", "role")).toEqual({ kind: "text", text: "superuser" });
    expect(changeValue([{ a: 1 }])).toEqual({ kind: "text", text: '[{"a":1}]' });
    // a dashboard's parameters are recorded as the JSON text that was saved
    expect(changeValue('{"region":"south"}', "customParams")).toEqual({ kind: "text", text: "region: south" });
    expect(changeValue("{}", "defaultParams")).toEqual({ kind: "empty" });
    expect(changeValue("{not json", "customParams")).toEqual({ kind: "text", text: "{not json" });
    expect(changeValue('{"region":"south"}', "name")).toEqual({ kind: "text", text: '{"region":"south"}' });
  });

  it("reads a status as a status (translated), never as stored, and a date as a date (issue 40)", () => {
    // "pending_approval → approved" was shown as recorded
    expect(changeList({ status: ["pending_approval", "approved"] }, "submission.approved").items).toEqual([
      { field: "status", before: { kind: "status", status: "pending_approval" }, after: { kind: "status", status: "approved" } },
    ]);
    for (const status of STATUSES) expect(changeValue(status, "status")).toEqual({ kind: "status", status });
    expect(changeValue("teleported", "status")).toEqual({ kind: "text", text: "teleported" });
    // "2026-12-01T11:53:25.000Z" was shown as recorded: an instant becomes the reader's date and time, a day their date
    expect(changeValue("2026-12-01T11:53:25.000Z", "validUntil")).toEqual({ kind: "instant", at: "2026-12-01T11:53:25.000Z" });
    expect(changeValue("2026-12-01T05:53:25-06:00")).toEqual({ kind: "instant", at: "2026-12-01T05:53:25-06:00" });
    expect(changeValue("2027-03-31", "expiresOn")).toEqual({ kind: "day", day: "2027-03-31" });
    expect(changeValue("2026-13-45T99:00:00Z")).toEqual({ kind: "text", text: "2026-13-45T99:00:00Z" });
    expect(changeValue("Plate 2026-12-01")).toEqual({ kind: "text", text: "Plate 2026-12-01" });
  });

  it("labels known fields and spaces the name of any other", () => {
    expect(fieldLabelKey("offlineAccess")).toBe("activity.fields.offlineAccess");
    expect(fieldLabelKey("teleportRange")).toBeNull();
    expect(spacedName("teleportRange")).toBe("Teleport range");
    expect(spacedName("pdf_renders")).toBe("Pdf renders");
  });
});

describe("sentence parts", () => {
  it("cuts a translated sentence where the actor and the subject go, whatever their names hold", () => {
    const { values } = activitySentence({ action: "form.edited", actorName: "ana <b>", subject: { type: "form", id: "7", name: "Fuel & oil" } });
    const translated = `${PLACEHOLDERS.actor} edited the form ${PLACEHOLDERS.subject}.`;
    expect(sentenceParts(translated, values)).toEqual([
      { kind: "actor", text: "ana <b>" },
      { kind: "text", text: " edited the form " },
      { kind: "subject", text: "Fuel & oil" },
      { kind: "text", text: "." },
    ]);
    expect(sentenceParts(`Pago registrado por ${PLACEHOLDERS.actor}`, { ...values, subject: "" })).toEqual([
      { kind: "text", text: "Pago registrado por " },
      { kind: "actor", text: "ana <b>" },
    ]);
  });
});
