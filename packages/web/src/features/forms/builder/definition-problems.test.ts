import { createInstance, type TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { parseDefinition } from "@fleetforms/core/form/definition";
import { mergedTranslations } from "../../../../locales-plugin";
import { describeJsonError, describeProblems } from "./definition-problems";

const ts: Record<"en" | "es", TFunction> = {} as never;
beforeAll(async () => {
  for (const lng of ["en", "es"] as const) {
    const i18n = createInstance();
    await i18n.init({ lng, resources: { [lng]: { translation: mergedTranslations(lng) } }, interpolation: { escapeValue: false } });
    ts[lng] = i18n.t;
  }
});

const label = (en: string, es: string) => ({ en, es });
const brakes = { type: "yesno", name: "brakes", label: label("Brakes work", "Frenos funcionan") };

/** What the builder shows for a definition: every problem, translated. */
function shown(definition: unknown, lang: "en" | "es") {
  const result = parseDefinition(definition);
  if (result.success) throw new Error("expected problems");
  return Object.values(describeProblems(definition, result.fieldErrors, lang, ts[lang])).flat();
}

describe("the builder's problems", () => {
  it("name the question by its label, in the interface's language", () => {
    const definition = { body: [brakes, { type: "text", name: "1badname", label: label("Odometer reading", "Lectura del odómetro") }] };
    expect(shown(definition, "en")).toEqual(["“Odometer reading”: The field name must start with a letter and use only letters, digits and underscores (at most 64)."]);
    expect(shown(definition, "es")).toEqual(["«Lectura del odómetro»: El nombre del campo debe empezar con una letra y usar solo letras, dígitos y guiones bajos (64 como máximo)."]);
  });

  it("say what is wrong across questions and settings without the parser's English", () => {
    const definition = {
      title: { en: "" },
      body: [
        brakes,
        { type: "yesno", name: "brakes", label: label("Brakes again", "Frenos otra vez") },
        { type: "number", name: "load", label: label("Load", "Carga"), min: 10, max: 1 },
        { type: "radio", name: "tyres", label: label("Tyres", "Neumáticos"), options: [] },
        { type: "date", name: "due", label: label("Due", "Vence"), min: "31/12/2026" },
        { type: "text", name: "notes", label: label("Notes", "Notas"), visibleIf: { field: "missing", op: "answered" } },
        { type: "section", label: label("Cab", "Cabina"), elements: [{ type: "text", name: "seat", label: { en: "" } }] },
        { type: "text", name: "extra", label: label("Extra", "Extra"), colour: "red" },
      ],
    };
    const es = shown(definition, "es");
    expect(es).toEqual(
      expect.arrayContaining([
        "«Título del formulario (inglés)»: Le falta la etiqueta en inglés.",
        "«Neumáticos»: Necesita al menos una opción.",
        "«Vence»: «Fecha más temprana» no es una fecha válida.",
        "«seat»: Le falta la etiqueta en inglés.",
      ]),
    );
    expect(es).toContain("«Extra»: Tiene ajustes que el editor no conoce: colour.");
    for (const text of [...es, ...shown(definition, "en")]) expect(text).not.toMatch(/Element |body\.\d|is required|Invalid input|Unrecognized/);

    // the cross-question rules run once the shape is right
    const whole = { body: [brakes, { ...brakes, label: label("Brakes again", "Frenos otra vez") }, { type: "number", name: "load", label: label("Load", "Carga"), min: 10, max: 1 }, { type: "text", name: "notes", label: label("Notes", "Notas"), visibleIf: { field: "missing", op: "answered" } }] };
    expect(shown(whole, "es")).toEqual([
      "«Frenos otra vez»: El nombre de campo «brakes» ya lo usa otra pregunta.",
      "«Carga»: El valor mínimo es mayor que el máximo.",
      "«Notas»: Se muestra según «missing», que no es una pregunta de este formulario.",
    ]);
    expect(shown(whole, "en")).toContain("“Load”: The smallest value is greater than the largest.");
  });

  it("give the line of JSON that does not parse", () => {
    const text = '{\n  "body": [\n    { "type": "text" }\n    { "type": "date" }\n  ]\n}';
    let caught: unknown;
    try {
      JSON.parse(text);
    } catch (error) {
      caught = error;
    }
    expect(describeJsonError(text, caught, ts.es)).toBe("El JSON no es válido cerca de la línea 4.");
    expect(describeJsonError(text, caught, ts.en)).toBe("The JSON is not valid near line 4.");
  });
});
