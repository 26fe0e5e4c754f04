import { fromAttribute, marshall, unmarshall, type AttributeMap, type AttributeValue, type MarshallOptions } from "./attribute-value";
import { AwsError, send, type Credentials, type ResponseMetadata } from "./signer";
import { region as configuredRegion } from "../util/config";

/**
 * DynamoDB's JSON protocol (`X-Amz-Target: DynamoDB_20120810.<Operation>`)
 * behind a document client: `send(command)` takes plain JavaScript values and
 * gives them back, as `@aws-sdk/lib-dynamodb`'s DynamoDBDocumentClient does.
 * The entities (db/entity.ts) send their requests through it.
 */

export type Operation =
  | "GetItem"
  | "PutItem"
  | "UpdateItem"
  | "DeleteItem"
  | "Query"
  | "Scan"
  | "BatchGetItem"
  | "BatchWriteItem"
  | "TransactWriteItems"
  | "TransactGetItems";

type Input = Record<string, unknown>;
type Item = Record<string, unknown>;

type Keyed = { $metadata?: ResponseMetadata };
export type GetOutput = Keyed & { Item?: Item };
export type WriteOutput = Keyed & { Attributes?: Item };
export type PageOutput = Keyed & { Items?: Item[]; LastEvaluatedKey?: Item; Count?: number; ScannedCount?: number };
export type BatchGetOutput = Keyed & { Responses?: Record<string, Item[]>; UnprocessedKeys?: Record<string, { Keys?: Item[] }> };
export type BatchWriteOutput = Keyed & { UnprocessedItems?: Record<string, { PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } }[]> };
export type TransactGetOutput = Keyed & { Responses?: { Item?: Item }[] };

/** A document-level command: its input and, spelled out, the operation (class names do not survive minifying). */
abstract class DocumentCommand<O = Input> {
  abstract readonly operation: Operation;
  abstract readonly commandName: string;
  /** phantom: the output type `send` resolves to */
  declare readonly output?: O;
  constructor(readonly input: Input) {}
}

export class GetCommand extends DocumentCommand<GetOutput> {
  readonly operation = "GetItem";
  readonly commandName = "GetCommand";
}
export class PutCommand extends DocumentCommand<WriteOutput> {
  readonly operation = "PutItem";
  readonly commandName = "PutCommand";
}
export class UpdateCommand extends DocumentCommand<WriteOutput> {
  readonly operation = "UpdateItem";
  readonly commandName = "UpdateCommand";
}
export class DeleteCommand extends DocumentCommand<WriteOutput> {
  readonly operation = "DeleteItem";
  readonly commandName = "DeleteCommand";
}
export class QueryCommand extends DocumentCommand<PageOutput> {
  readonly operation = "Query";
  readonly commandName = "QueryCommand";
}
export class ScanCommand extends DocumentCommand<PageOutput> {
  readonly operation = "Scan";
  readonly commandName = "ScanCommand";
}
export class BatchGetCommand extends DocumentCommand<BatchGetOutput> {
  readonly operation = "BatchGetItem";
  readonly commandName = "BatchGetCommand";
}
export class BatchWriteCommand extends DocumentCommand<BatchWriteOutput> {
  readonly operation = "BatchWriteItem";
  readonly commandName = "BatchWriteCommand";
}
export class TransactWriteCommand extends DocumentCommand<Keyed> {
  readonly operation = "TransactWriteItems";
  readonly commandName = "TransactWriteCommand";
}
export class TransactGetCommand extends DocumentCommand<TransactGetOutput> {
  readonly operation = "TransactGetItems";
  readonly commandName = "TransactGetCommand";
}


export interface CommandLike {
  input: object;
}

function describe(command: CommandLike): { operation: Operation; commandName: string } {
  if (command instanceof DocumentCommand) return { operation: command.operation, commandName: command.commandName };
  throw new Error(`Unsupported DynamoDB command: ${command.constructor.name}`);
}

const mapValues = <T, U>(record: Record<string, T> | undefined, fn: (value: T) => U): Record<string, U> | undefined =>
  record && Object.fromEntries(Object.entries(record).map(([key, value]) => [key, fn(value)]));

/** The v3 client's middleware hook, reduced to what observers need: see every command and its input. */
export type Handler = (args: { input: object }) => Promise<object>;
export type Middleware = (next: Handler, context: { commandName: string }) => Handler;

export interface DocumentClientConfig {
  /** DynamoDB Local; AWS's regional endpoint otherwise */
  endpoint?: string;
  region?: string;
  credentials?: Credentials;
  marshallOptions?: MarshallOptions;
}

export type Output = Record<string, unknown> & { $metadata: ResponseMetadata };

export class DocumentClient {
  private readonly middlewares: Middleware[] = [];
  readonly middlewareStack = {
    add: (middleware: Middleware, _options?: { step?: string; name?: string }) => {
      this.middlewares.push(middleware);
    },
  };

  constructor(private readonly config: DocumentClientConfig = {}) {}

  send<O>(command: DocumentCommand<O>, options?: { abortSignal?: AbortSignal }): Promise<O & Output>;
  send(command: CommandLike, options?: { abortSignal?: AbortSignal }): Promise<Output>;
  send(command: CommandLike, options: { abortSignal?: AbortSignal } = {}): Promise<Output> {
    const { operation, commandName } = describe(command);
    const call: Handler = (args) => this.call(operation, args.input as Input, options.abortSignal);
    const chain = this.middlewares.reduceRight<Handler>((next, middleware) => middleware(next, { commandName }), call);
    return chain({ input: command.input }) as Promise<Output>;
  }

  private async call(operation: Operation, input: Input, signal?: AbortSignal): Promise<Output> {
    const region = this.config.region ?? configuredRegion();
    const { response, $metadata } = await send({
      service: "dynamodb",
      region,
      credentials: this.config.credentials,
      url: this.config.endpoint ?? `https://dynamodb.${region}.amazonaws.com/`,
      method: "POST",
      headers: { "content-type": "application/x-amz-json-1.0", "x-amz-target": `DynamoDB_20120810.${operation}` },
      body: toJson(marshallInput(operation, input, this.config.marshallOptions ?? {})),
      signal,
      errors: "json",
    }).catch((error: unknown) => {
      throw withDecodedReasons(error);
    });
    const output = (await response.json()) as Record<string, unknown>;
    return { ...unmarshallOutput(operation, output), $metadata };
  }
}

/** Binary values travel as base64; `this[key]` is the value before Buffer's own toJSON turns it into a byte list. */
export function toJson(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key, serialised: unknown) {
    const raw = this[key];
    return raw instanceof Uint8Array ? Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString("base64") : serialised;
  });
}

/** The document-level input with items, keys and expression values as attribute values (lib-dynamodb's input nodes). */
export function marshallInput(operation: Operation, input: Input, options: MarshallOptions): Input {
  const item = (value: unknown) => (value === undefined ? undefined : marshall(value as Item, options));
  const withValues = (part: Input | undefined) =>
    part && { ...part, ...(part.Key !== undefined ? { Key: item(part.Key) } : {}), ...(part.Item !== undefined ? { Item: item(part.Item) } : {}), ExpressionAttributeValues: item(part.ExpressionAttributeValues) };
  switch (operation) {
    case "GetItem":
    case "PutItem":
    case "UpdateItem":
    case "DeleteItem":
      return withValues(input)!;
    case "Query":
    case "Scan":
      return { ...input, ExpressionAttributeValues: item(input.ExpressionAttributeValues), ExclusiveStartKey: item(input.ExclusiveStartKey) };
    case "BatchGetItem":
      return { ...input, RequestItems: mapValues(input.RequestItems as Record<string, Input>, (request) => ({ ...request, Keys: (request.Keys as Item[]).map(item) })) };
    case "BatchWriteItem":
      return { ...input, RequestItems: mapValues(input.RequestItems as Record<string, Input[]>, (requests) => requests.map(writeRequest(item))) };
    case "TransactWriteItems":
      return {
        ...input,
        TransactItems: (input.TransactItems as Record<string, Input | undefined>[]).map((entry) => ({
          ConditionCheck: withValues(entry.ConditionCheck),
          Put: withValues(entry.Put),
          Delete: withValues(entry.Delete),
          Update: withValues(entry.Update),
        })),
      };
    case "TransactGetItems":
      return { ...input, TransactItems: (input.TransactItems as { Get: Input }[]).map((entry) => ({ Get: withValues(entry.Get) })) };
  }
}

const writeRequest =
  (convert: (value: unknown) => unknown) =>
  (request: Input): Input => {
    const put = request.PutRequest as Input | undefined;
    const remove = request.DeleteRequest as Input | undefined;
    return {
      ...(put ? { PutRequest: { ...put, Item: convert(put.Item) } } : {}),
      ...(remove ? { DeleteRequest: { ...remove, Key: convert(remove.Key) } } : {}),
    };
  };

/** The output with items and keys as plain objects (lib-dynamodb's output nodes). */
export function unmarshallOutput(operation: Operation, output: Input): Input {
  const item = (value: unknown) => (value === undefined ? undefined : unmarshall(value as AttributeMap));
  const items = (value: unknown) => (value === undefined ? undefined : (value as AttributeMap[]).map((entry) => unmarshall(entry)));
  switch (operation) {
    case "GetItem":
      return { ...output, Item: item(output.Item) };
    case "PutItem":
    case "UpdateItem":
    case "DeleteItem":
      return { ...output, Attributes: item(output.Attributes) };
    case "Query":
    case "Scan":
      return { ...output, Items: items(output.Items), LastEvaluatedKey: item(output.LastEvaluatedKey) };
    case "BatchGetItem":
      return {
        ...output,
        Responses: mapValues(output.Responses as Record<string, AttributeMap[]> | undefined, items),
        UnprocessedKeys: mapValues(output.UnprocessedKeys as Record<string, Input> | undefined, (request) => ({ ...request, Keys: items(request.Keys) })),
      };
    case "BatchWriteItem":
      return { ...output, UnprocessedItems: mapValues(output.UnprocessedItems as Record<string, Input[]> | undefined, (requests) => requests.map(writeRequest(item))) };
    case "TransactGetItems":
      return { ...output, Responses: (output.Responses as Input[] | undefined)?.map((response) => ({ ...response, Item: item(response.Item) })) };
    case "TransactWriteItems":
      return output;
  }
}

/** Binary attributes arrive as base64 in JSON; the SDK hands them over as bytes, even inside errors. */
function decodeBinary(value: AttributeValue): AttributeValue {
  if ("B" in value) return { B: fromAttribute(value) as Uint8Array };
  if ("BS" in value) return { BS: [...(fromAttribute(value) as Set<Uint8Array>)] };
  if ("L" in value) return { L: value.L.map(decodeBinary) };
  if ("M" in value) return { M: mapValues(value.M, decodeBinary)! };
  return value;
}

/**
 * A cancelled transaction keeps each reason's `Item` in DynamoDB JSON, as the
 * v3 SDK leaves it: ElectroDB unmarshalls it itself (`canceled[].Item`).
 */
function withDecodedReasons(error: unknown): unknown {
  if (error instanceof AwsError && Array.isArray(error.CancellationReasons)) {
    for (const reason of error.CancellationReasons) if (reason.Item) reason.Item = mapValues(reason.Item as AttributeMap, decodeBinary);
  }
  return error;
}
