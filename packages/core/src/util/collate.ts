/**
 * Names compared as people read them: case and accents aside, numbers by value ("T-9" before "T-10").
 *
 * The collator is built on first use, not at import: the first `Intl.Collator` of a process loads ICU's
 * collation data, about 5 ms that every cold start of a function would otherwise pay for a module it merely
 * imports (the access check alone reaches several that sort). One collator serves every list.
 */
let built: Intl.Collator | undefined;

export const collator = {
  compare: (a: string, b: string) => (built ??= new Intl.Collator("en", { sensitivity: "base", numeric: true })).compare(a, b),
};
