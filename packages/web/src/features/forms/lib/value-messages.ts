import { MESSAGES as FORM_MESSAGES } from "@fleetforms/core/form/values";
import { FUEL_MESSAGES } from "@fleetforms/core/emissions/index";

/** The form checks' messages and a fuel log's (issue 42), each a key under `forms.validation`. */
const MESSAGES = { ...FORM_MESSAGES, ...FUEL_MESSAGES };

/**
 * The answer checks run the same code on both sides (core/form/values), so
 * their messages are the same English sentences; this finds which one a
 * message is, for the translated text. Messages it does not know (a server
 * rule the client cannot check) are shown as they came.
 */
export interface KnownMessage {
  key: keyof typeof MESSAGES;
  value?: string;
}

const SENTINEL = "\u0000";
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const matchers = Object.entries(MESSAGES).map(([key, message]) => {
  if (typeof message === "string") return { key: key as keyof typeof MESSAGES, match: (text: string) => (text === message ? {} : undefined) };
  const pattern = new RegExp(`^${escapeRegExp((message as (value: string) => string)(SENTINEL)).replace(SENTINEL, "(.+)")}$`);
  return {
    key: key as keyof typeof MESSAGES,
    match: (text: string) => {
      const found = pattern.exec(text);
      return found ? { value: found[1] } : undefined;
    },
  };
});

export function knownMessage(text: string): KnownMessage | undefined {
  for (const matcher of matchers) {
    const found = matcher.match(text);
    if (found) return { key: matcher.key, ...found };
  }
  return undefined;
}

/** The translated text of an answer's error, or the message itself. */
export function translateValueMessage(text: string, t: (key: string, options?: Record<string, unknown>) => string): string {
  const known = knownMessage(text);
  return known ? t(`forms.validation.${known.key}`, { value: known.value ?? "" }) : text;
}
