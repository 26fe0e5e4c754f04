import { describe, expect, it } from "vitest";
import { mergedTranslations } from "../../locales-plugin";

/** Every Spanish string with its key. */
function strings(value: unknown, prefix = ""): [string, string][] {
  if (typeof value === "string") return [[prefix, value]];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => strings(child, prefix ? `${prefix}.${key}` : key));
}

// Words only the familiar form (tú) uses anywhere: possessives, pronouns, second-person verbs, negative
// commands and imperatives with a pronoun attached.
const TU_WORDS = [
  "tu", "tú", "tus", "te", "ti", "contigo", "tuyo", "tuya", "tuyos", "tuyas",
  "eres", "estás", "tienes", "puedes", "quieres", "necesitas", "debes", "sabes", "haces", "has", "vas", "llenas", "rellenas", "introduces", "cierras", "solicitas", "perteneces", "usas", "buscas", "gestionas",
  "recibirás", "podrás", "verás", "tendrás", "pagarías",
  "haz", "pon", "sé",
  "compartas", "uses", "olvides", "cierres", "decidas",
  "inténtalo", "regístrate", "conéctate", "suscríbete", "escríbenos", "envíanos", "llámanos", "cuéntanos", "dinos", "avísanos", "únete", "pídeselo", "pruébalo", "elígelo", "mostrarte", "iniciarte", "contáctanos", "escríbeme",
];
// Imperatives of tú, which read as a description ("él elige") unless they open a sentence.
const TU_COMMANDS = [
  "elige", "introduce", "selecciona", "pulsa", "inicia", "escribe", "añade", "agrega", "guarda", "envía", "abre", "busca", "crea", "usa", "revisa", "comprueba", "vuelve", "intenta", "prueba", "espera", "sube", "toma",
  "rellena", "llena", "completa", "descarga", "cambia", "pide", "consulta", "contacta", "acepta", "confirma", "cierra", "mira", "fija", "indica", "calcula", "marca", "elimina", "borra", "comparte", "actúa", "avisa", "gestiona", "lee", "copia", "pega", "toca", "desliza", "arrastra", "suelta", "recarga", "actualiza", "conecta", "corrige", "descubre",
];
const word = (words: string[]) => `(${words.join("|")})(?![\\p{L}\\p{N}_])`;
const TU_WORD = new RegExp(`(?<![\\p{L}\\p{N}_])${word(TU_WORDS)}`, "iu");
const TU_COMMAND = new RegExp(`(^|[.!?¿¡:;]\\s*|\\s[—-]\\s)${word(TU_COMMANDS)}`, "iu");
// What a role or a stored item does is described, not asked for: "Llena formularios y ve sus propios envíos.",
// "Guarda las respuestas del formulario…"; their possessives and verbs are still checked.
const DESCRIPTIONS = /\.roleHints\.|\.purpose$/;
const familiar = (key: string, text: string) => TU_WORD.test(text) || (!DESCRIPTIONS.test(key) && TU_COMMAND.test(text));
// Greetings that assume the reader is a man or a woman ("Bienvenido, Alicia"); "Le damos la bienvenida" is for anyone.
const GENDERED = /(^|[.!?¡]\s*)(bienvenid|estimad|querid)[oa]s?(?![\p{L}])/iu;

const spanish = strings(mergedTranslations("es")).map(([key, text]) => [key, text.replace(/\{\{[^}]*\}\}/g, "")] as const);

describe("Spanish translations", () => {
  it("address the reader as usted, never tú", () => {
    expect(spanish.filter(([key, text]) => familiar(key, text)).map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it("greet without assuming a gender", () => {
    expect(spanish.filter(([, text]) => GENDERED.test(text)).map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });
});
