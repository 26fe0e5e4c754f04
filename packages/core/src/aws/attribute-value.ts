/**
 * Plain JavaScript values ⇄ DynamoDB attribute values, with the rules of
 * `@aws-sdk/util-dynamodb` (which ElectroDB is written against): strings,
 * numbers (safe integers only) and bigints, booleans, null, arrays, plain
 * objects and Maps, binary (Buffer, typed arrays, ArrayBuffer) and Sets of
 * strings, numbers or binary. `removeUndefinedValues` drops undefined from
 * maps, lists and sets; without it an undefined value is an error.
 */

export type AttributeValue =
  | { S: string }
  | { N: string }
  | { B: Uint8Array | string }
  | { BOOL: boolean }
  | { NULL: true }
  | { L: AttributeValue[] }
  | { M: Record<string, AttributeValue> }
  | { SS: string[] }
  | { NS: string[] }
  | { BS: (Uint8Array | string)[] };

export type AttributeMap = Record<string, AttributeValue>;

export interface MarshallOptions {
  removeUndefinedValues?: boolean;
}

const isPlainObject = (value: object) => {
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || proto === Object.prototype;
};

const binary = (value: unknown): Uint8Array | undefined => {
  if (value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  return undefined;
};

function numberAttribute(value: number | bigint): string {
  if (typeof value === "bigint") return value.toString();
  if (!Number.isFinite(value)) throw new Error(`Special numeric value ${value} is not allowed`);
  if (value > Number.MAX_SAFE_INTEGER || value < Number.MIN_SAFE_INTEGER) throw new Error(`Number ${value} is outside the safe integer range: use a BigInt.`);
  return String(value);
}

const keep = (value: unknown, options: MarshallOptions) => typeof value !== "function" && (value !== undefined || !options.removeUndefinedValues);

function mapOf(entries: Iterable<[string, unknown]>, options: MarshallOptions): AttributeMap {
  const map: AttributeMap = {};
  for (const [key, value] of entries) if (keep(value, options)) map[key] = toAttribute(value, options);
  return map;
}

function setOf(set: Set<unknown>, options: MarshallOptions): AttributeValue {
  const members = [...set].filter((member) => member !== undefined || !options.removeUndefinedValues);
  if (members.includes(undefined)) throw new Error("Pass options.removeUndefinedValues=true to remove undefined values from map/array/set.");
  if (members.length === 0) throw new Error("Pass a non-empty set: DynamoDB has no empty sets.");
  const first = members[0];
  if (typeof first === "string" && members.every((member) => typeof member === "string")) return { SS: members as string[] };
  if ((typeof first === "number" || typeof first === "bigint") && members.every((member) => typeof member === "number" || typeof member === "bigint")) {
    return { NS: (members as (number | bigint)[]).map(numberAttribute) };
  }
  const blobs = members.map(binary);
  if (blobs.every((blob) => blob !== undefined)) return { BS: blobs };
  throw new Error("Only Number Set (NS), Binary Set (BS) or String Set (SS) are allowed.");
}

export function toAttribute(value: unknown, options: MarshallOptions = {}): AttributeValue {
  if (value === undefined) throw new Error("Pass options.removeUndefinedValues=true to remove undefined values from map/array/set.");
  if (value === null) return { NULL: true };
  switch (typeof value) {
    case "string":
      return { S: value };
    case "number":
    case "bigint":
      return { N: numberAttribute(value) };
    case "boolean":
      return { BOOL: value };
    case "object": {
      if (Array.isArray(value)) return { L: value.filter((item) => keep(item, options)).map((item) => toAttribute(item, options)) };
      if (value instanceof Set) return setOf(value, options);
      if (value instanceof Map) return { M: mapOf(value as Map<string, unknown>, options) };
      const blob = binary(value);
      if (blob) return { B: blob };
      if (value instanceof String) return { S: value.valueOf() };
      if (value instanceof Number) return { N: numberAttribute(value.valueOf()) };
      if (value instanceof Boolean) return { BOOL: value.valueOf() };
      if (isPlainObject(value)) return { M: mapOf(Object.entries(value), options) };
      throw new Error(`Unsupported type passed: ${Object.prototype.toString.call(value)}; marshall plain objects, not class instances.`);
    }
    default:
      throw new Error(`Unsupported type passed: ${typeof value}`);
  }
}

/** An item (a plain object or Map) becomes an attribute map; any other value its attribute value, as util-dynamodb does. */
export function marshall(data: Record<string, unknown> | Map<string, unknown>, options?: MarshallOptions): AttributeMap;
export function marshall(data: unknown, options?: MarshallOptions): AttributeMap | AttributeValue;
export function marshall(data: unknown, options: MarshallOptions = {}): AttributeMap | AttributeValue {
  const attribute = toAttribute(data, options);
  if ("M" in attribute) return attribute.M;
  return attribute;
}

/** DynamoDB's JSON carries binary as base64; values built in memory carry bytes. */
const bytes = (value: Uint8Array | string): Uint8Array => (typeof value === "string" ? new Uint8Array(Buffer.from(value, "base64")) : value);

function numberValue(text: string): number | bigint {
  const value = Number(text);
  if (Number.isFinite(value) && (value > Number.MAX_SAFE_INTEGER || value < Number.MIN_SAFE_INTEGER)) return BigInt(text);
  return value;
}

export function fromAttribute(attribute: AttributeValue): unknown {
  if ("NULL" in attribute) return null;
  if ("BOOL" in attribute) return Boolean(attribute.BOOL);
  if ("S" in attribute) return attribute.S;
  if ("N" in attribute) return numberValue(attribute.N);
  if ("B" in attribute) return bytes(attribute.B);
  if ("L" in attribute) return attribute.L.map(fromAttribute);
  if ("M" in attribute) return unmarshall(attribute.M);
  if ("SS" in attribute) return new Set(attribute.SS);
  if ("NS" in attribute) return new Set(attribute.NS.map(numberValue));
  if ("BS" in attribute) return new Set(attribute.BS.map(bytes));
  throw new Error(`Unsupported attribute value: ${JSON.stringify(attribute)}`);
}

/** An attribute map (an item or a key) as a plain object. */
export function unmarshall(item: AttributeMap): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) result[key] = fromAttribute(value);
  return result;
}
