import { PayloadTooLargeError, UnprocessableError, ValidationError } from "../util/errors";

/**
 * What one template render may take (docs/decisions.md, "Template limits").
 * A template is run off the request thread, in a worker that is stopped at
 * the time limit and cannot grow past the memory limit.
 */
export const TEMPLATE_MAX_BYTES = 200 * 1024;
export const EXAMPLE_DATA_MAX_BYTES = 200 * 1024;
export const RENDERED_MAX_BYTES = 5 * 1024 * 1024;
export const RENDER_TIME_LIMIT_MS = 2_000;
export const RENDER_MEMORY_LIMIT_MB = 128;
/** Deeper example data ran JSON.stringify out of stack (a 500, found by the route fuzzer); no form nests this deep. */
export const EXAMPLE_DATA_MAX_DEPTH = 64;

const KB = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
const MB = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export const LIMIT_MESSAGES = {
  template: `The template is larger than ${KB(TEMPLATE_MAX_BYTES)}.`,
  exampleData: `The example data is larger than ${KB(EXAMPLE_DATA_MAX_BYTES)}.`,
  depth: `The example data is nested more than ${EXAMPLE_DATA_MAX_DEPTH} levels deep.`,
  output: `The template produced more than ${MB(RENDERED_MAX_BYTES)} of HTML. Repeat less, or use less data.`,
  time: `The template took longer than ${RENDER_TIME_LIMIT_MS / 1000} seconds to render and was stopped. Nest fewer {{#each}} loops, or use less data.`,
  memory: `The template needed more than ${RENDER_MEMORY_LIMIT_MB} MB to render and was stopped. Nest fewer {{#each}} loops, or use less data.`,
} as const;
export type LimitKind = keyof typeof LIMIT_MESSAGES;

/** A render refused or stopped at one of the limits: the template's fault, so a 422 with what to change. */
export class TemplateLimitError extends UnprocessableError {
  override name = "TemplateLimitError";
  constructor(readonly limit: LimitKind) {
    super("pdf.template_limit", LIMIT_MESSAGES[limit]);
  }
}

export const byteLength = (value: string) => Buffer.byteLength(value, "utf8");

/** Whether a parsed JSON value nests deeper than `max` levels; walked without recursion, so any depth is safe to ask. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== "object") continue;
    if (depth >= max) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/** Example data as sent: a JSON string, or an object the body parser already read. */
export const exampleDataBytes = (exampleData: unknown) =>
  exampleData === undefined ? 0 : typeof exampleData === "string" ? byteLength(exampleData) : byteLength(JSON.stringify(exampleData) ?? "");

/** The preview's check: a template or example data past its limit is answered 422, before anything runs. */
export function assertRenderable(input: { template?: string; exampleData?: unknown }) {
  if (input.template !== undefined && byteLength(input.template) > TEMPLATE_MAX_BYTES) throw new TemplateLimitError("template");
  if (nestsDeeperThan(input.exampleData, EXAMPLE_DATA_MAX_DEPTH)) throw new TemplateLimitError("depth");
  if (exampleDataBytes(input.exampleData) > EXAMPLE_DATA_MAX_BYTES) throw new TemplateLimitError("exampleData");
}

/** Saving: the same limits, answered 413 (the request is too large to keep). */
export function assertStorable(input: { template?: string; exampleData?: unknown }) {
  if (input.template !== undefined && byteLength(input.template) > TEMPLATE_MAX_BYTES) throw new PayloadTooLargeError("form.template_too_large", LIMIT_MESSAGES.template);
  if (nestsDeeperThan(input.exampleData, EXAMPLE_DATA_MAX_DEPTH)) throw new ValidationError("form.example_too_deep", LIMIT_MESSAGES.depth, { exampleData: [LIMIT_MESSAGES.depth] });
  if (exampleDataBytes(input.exampleData) > EXAMPLE_DATA_MAX_BYTES) throw new PayloadTooLargeError("form.example_too_large", LIMIT_MESSAGES.exampleData);
}
