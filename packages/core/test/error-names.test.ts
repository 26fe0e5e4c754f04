import { describe, expect, it } from "vitest";
import * as Errors from "../src/util/errors";
import { ConfigError } from "../src/util/config";
import { JwtError, JwtExpiredError } from "../src/util/jwt";
import { InvalidGrantError } from "../src/auth/session";
import { TemplateLimitError } from "../src/pdf/limits";
import { RenderTimeoutError } from "../src/pdf/browser";

/*
 * The functions are minified without keeping names (stacks/functions.ts), so an error cannot learn its name
 * from its class: each names itself, and the logs say which error it was. A class whose `name` is not its
 * own would log its parent's.
 */
type ErrorClass = new (...args: never[]) => Error;
const classes: [string, ErrorClass][] = [
  ...Object.entries(Errors as Record<string, unknown>).filter((entry): entry is [string, ErrorClass] => typeof entry[1] === "function" && entry[1].prototype instanceof Error),
  ["ConfigError", ConfigError as unknown as ErrorClass],
  ["JwtError", JwtError as unknown as ErrorClass],
  ["JwtExpiredError", JwtExpiredError as unknown as ErrorClass],
  ["InvalidGrantError", InvalidGrantError as unknown as ErrorClass],
  ["TemplateLimitError", TemplateLimitError as unknown as ErrorClass],
  ["RenderTimeoutError", RenderTimeoutError as unknown as ErrorClass],
];

describe("error names", () => {
  it.each(classes)("%s names itself", (name, ErrorClass) => {
    const error = Reflect.construct(ErrorClass, ["code", "message", 400]) as Error;
    expect(error.name).toBe(name);
  });

  it("covers every error class of util/errors.ts", () => {
    expect(classes.map(([name]) => name)).toEqual(expect.arrayContaining(["AppError", "ValidationError", "StaleRecordError", "TooManyRequestsError"]));
  });
});
