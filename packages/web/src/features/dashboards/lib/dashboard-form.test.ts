import { describe, expect, it } from "vitest";
import { checkDashboard, emptyDashboard, fieldsOf, inputOf } from "./dashboard-form";

describe("the dashboard form", () => {
  const good = { name: " Fleet overview ", description: " Weekly ", metabaseId: " 12 ", defaultParams: '{ "period": "week" }' };

  it("passes good fields and sends them trimmed, the parameters compact", () => {
    expect(checkDashboard(good)).toEqual({});
    expect(inputOf(good)).toEqual({ name: "Fleet overview", description: "Weekly", metabaseId: 12, defaultParams: '{"period":"week"}' });
  });

  it("names each problem: no name, a long description, no Metabase number, parameters that are not a JSON object", () => {
    expect(checkDashboard(emptyDashboard())).toEqual({ name: "dashboards.form.errors.nameRequired", metabaseId: "dashboards.form.errors.metabaseId" });
    expect(checkDashboard({ ...good, name: "n".repeat(101), description: "d".repeat(501), metabaseId: "0", defaultParams: "{period: week}" })).toEqual({
      name: "dashboards.form.errors.nameTooLong",
      description: "dashboards.form.errors.descriptionTooLong",
      metabaseId: "dashboards.form.errors.metabaseId",
      defaultParams: "dashboards.errors.paramsInvalid",
    });
    for (const metabaseId of ["1.5", "-3", "abc", "1e3"]) expect(checkDashboard({ ...good, metabaseId }).metabaseId).toBe("dashboards.form.errors.metabaseId");
  });

  it("shows a saved dashboard's parameters laid out for editing", () => {
    const dashboard = { id: "d1", name: "A", description: "", metabaseId: 3, defaultParams: '{"a":1}', version: 1, createdAt: "", updatedAt: "", pinned: false, lastOpenedAt: null };
    expect(fieldsOf(dashboard)).toEqual({ name: "A", description: "", metabaseId: "3", defaultParams: '{\n  "a": 1\n}' });
  });
});
