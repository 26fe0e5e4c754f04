/** Timing helpers shared by the benchmarks: every figure is printed beside a floor measured in the same run. */
export interface Stats {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
}

export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), mean: sorted.reduce((sum, value) => sum + value, 0) / sorted.length };
}

export async function measure(run: () => Promise<unknown>, { warmup = 20, iterations = 300 } = {}): Promise<Stats> {
  for (let i = 0; i < warmup; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return stats(samples);
}

/**
 * Times each probe `iterations` times, interleaved (every round runs all of them, in alternating order, so
 * a slow moment of the machine falls on all alike), after three warm-up rounds. Answers each probe's stats.
 */
export async function interleave(probes: { key: string; run: () => Promise<unknown> }[], iterations: number): Promise<(key: string) => Stats> {
  const samples = new Map<string, number[]>(probes.map((probe) => [probe.key, []]));
  for (let i = 0; i < iterations + 3; i++) {
    for (const probe of i % 2 ? [...probes].reverse() : probes) {
      const started = performance.now();
      await probe.run();
      if (i >= 3) samples.get(probe.key)!.push(performance.now() - started);
    }
  }
  return (key: string) => stats(samples.get(key)!);
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

export interface Row {
  name: string;
  subject: Stats;
  floor: Stats;
  floorName: string;
}

export function printRows(title: string, rows: Row[]) {
  console.log(`\n${title}`);
  console.log(`${"measure".padEnd(34)}${"p50".padStart(11)}${"p99".padStart(11)}   floor${"".padEnd(26)}${"p50".padStart(11)}${"p99".padStart(11)}  ratio p50  ratio p99`);
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(34)}${ms(row.subject.p50).padStart(11)}${ms(row.subject.p99).padStart(11)}   ${row.floorName.padEnd(31)}${ms(row.floor.p50).padStart(11)}${ms(row.floor.p99).padStart(11)}  ${(row.subject.p50 / row.floor.p50).toFixed(2).padStart(8)}x ${(row.subject.p99 / row.floor.p99).toFixed(2).padStart(8)}x`,
    );
  }
}

/**
 * The floor of the listing benchmarks: every page of one company's items of one entity (ElectroDB's key
 * text, `$ff#companyid_…` and `$<entity>_1#`), straight to DynamoDB; throws unless it read `expected` items.
 */
export async function bareCompanyQuery(companyId: string, entity: string, expected: number) {
  const [{ documentClient }, { QueryCommand }, { tableName }] = await Promise.all([
    import("../packages/core/src/db/client"),
    import("@aws-sdk/lib-dynamodb"),
    import("../packages/core/src/util/config"),
  ]);
  let start: Record<string, unknown> | undefined;
  let items = 0;
  do {
    const output = (await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: "#pk = :pk AND begins_with(#sk, :sk)",
        ExpressionAttributeNames: { "#pk": "pk", "#sk": "sk" },
        ExpressionAttributeValues: { ":pk": `$ff#companyid_${companyId.toLowerCase()}`, ":sk": `$${entity}_1#` },
        ExclusiveStartKey: start,
      }),
    )) as { Items?: unknown[]; LastEvaluatedKey?: Record<string, unknown> };
    items += output.Items?.length ?? 0;
    start = output.LastEvaluatedKey;
  } while (start);
  if (items !== expected) throw new Error(`the bare query read ${items} ${entity} items, not ${expected}`);
}
