/**
 * Names, titles and file names people see must read as they are stored. Control characters and the
 * invisible marks that reorder or hide text (bidirectional embeddings, overrides, isolates and marks, the
 * Arabic letter mark, the byte-order mark) let "invoice\u202Efdp.exe" show as "invoiceexe.pdf", so they are
 * refused. Pure (zod only): the web forms refuse the same characters.
 */
import * as z from "./zod";
import { UNSAFE_TEXT_MESSAGE } from "../auth/messages";

export { UNSAFE_TEXT_MESSAGE };

// U+061C, U+200E/U+200F, U+202A–U+202E, U+2066–U+2069, U+FEFF
const INVISIBLE_MARKS = new Set([0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0xfeff]);
const LINE_CONTROLS = new Set([0x09, 0x0a, 0x0d]);
const isControl = (code: number) => code <= 0x1f || (code >= 0x7f && code <= 0x9f);

function refuses(value: string, allowLines: boolean) {
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (INVISIBLE_MARKS.has(code)) return true;
    if (isControl(code) && !(allowLines && LINE_CONTROLS.has(code))) return true;
  }
  return false;
}

/** No C0/C1 control and no text-direction or invisible mark. */
export const isSafeText = (value: string) => !refuses(value, false);
/** The same, but a description may keep its tabs and line breaks. */
export const isSafeMultilineText = (value: string) => !refuses(value, true);

/** Refuses control and text-direction characters in a one-line text (a name, a title, a file name). */
export const safeText = <S extends z.ZodMiniType<string, string>>(schema: S): S => schema.check(z.refine(isSafeText, UNSAFE_TEXT_MESSAGE)) as S;

/** The same for a text that may span lines: tabs and line breaks stay allowed. */
export const safeMultilineText = <S extends z.ZodMiniType<string, string>>(schema: S): S => schema.check(z.refine(isSafeMultilineText, UNSAFE_TEXT_MESSAGE)) as S;
