import { describe, expect, it } from "vitest";
import { ACTIONS, activitySentence, changeList, changeText, PLACEHOLDERS, sentenceParts } from "./sentence";

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

  it("lists the changed fields in order, each before and after as text", () => {
    expect(changeList({ name: ["Old", "New"], active: [true, false], description: ["", "Box truck"], tags: [["a"], { b: 1 }] })).toEqual([
      { field: "active", before: "true", after: "false" },
      { field: "description", before: "—", after: "Box truck" },
      { field: "name", before: "Old", after: "New" },
      { field: "tags", before: '["a"]', after: '{"b":1}' },
    ]);
    expect(changeList(null)).toEqual([]);
    expect(changeText(undefined)).toBe("—");
    expect(changeText(3)).toBe("3");
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
