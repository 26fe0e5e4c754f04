export * as Counter from "./index";
import { CounterEntity } from "./counter.entity";

/** Allocates the next positive integer of a sequence (forms, submissions): 1, 2, 3... */
export async function next(name: string): Promise<number> {
  const result = await CounterEntity.update({ name }).add({ value: 1 }).go({ response: "all_new" });
  return result.data.value ?? 0;
}
