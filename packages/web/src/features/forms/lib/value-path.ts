/**
 * Reading and writing one answer inside the answers object: a path is the
 * element names and group item indexes that lead to it (["defects", 0, "part"]).
 */
export type ValuePath = readonly (string | number)[];
export type Values = Record<string, unknown>;

export function getAt(values: unknown, path: ValuePath): unknown {
  let node = values;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

/** A copy of `values` with the answer at `path` replaced by `update(previous)`; undefined removes it. */
export function setAt<T>(values: T, path: ValuePath, update: (previous: unknown) => unknown): T {
  if (path.length === 0) return update(values) as T;
  const [head, ...rest] = path;
  if (typeof head === "number") {
    const list = Array.isArray(values) ? [...values] : [];
    list[head] = setAt(list[head], rest, update);
    return list as T;
  }
  const object: Record<string, unknown> = values && typeof values === "object" && !Array.isArray(values) ? { ...(values as Values) } : {};
  const next = setAt(object[head!], rest, update);
  if (next === undefined) delete object[head!];
  else object[head!] = next;
  return object as T;
}

/** The key errors use for an answer: "odometer", "defects.0.part" (the server's fieldErrors keys). */
export const errorKey = (path: ValuePath) => path.join(".");

/** A DOM id for an answer's control, so an error summary can move focus to it. */
export const fieldId = (prefix: string, path: ValuePath) => `${prefix}-${path.join("-")}`;
