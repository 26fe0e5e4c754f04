import { CounterEntity } from "../counter/counter.entity";

/** The counter of a company's submissions: moved with every submission, read for totals and paging. */
export const companySequence = (companyId: string) => `submissions:${companyId}`;

/** The company's kept count of submissions, read strongly (the list's total and the next write's condition). */
export async function companyCount(companyId: string): Promise<number> {
  const { data } = await CounterEntity.get({ name: companySequence(companyId) }).go({ consistent: true });
  return data?.value ?? 0;
}
