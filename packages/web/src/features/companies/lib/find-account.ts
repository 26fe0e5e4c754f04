import type { Person } from "../types";

export interface FindAccountOptions {
  /** the companies whose people are searched, in order */
  companyIds: readonly string[];
  /** one company's people matching the text (`GET /company/{id}/users?q=`) */
  peopleOf: (companyId: string, text: string) => Promise<Person[]>;
  /** how many companies are asked at once */
  concurrency?: number;
  /** after each company: how many have been searched */
  onProgress?: (searched: number) => void;
  signal?: AbortSignal;
}

/** The person whose username or e-mail is exactly `text` (either is unique to one account), case-insensitively. */
export const isAccount = (person: Pick<Person, "username" | "email">, text: string) => {
  const wanted = text.trim().toLowerCase();
  return person.username.toLowerCase() === wanted || person.email.toLowerCase() === wanted;
};

/**
 * There is no search across accounts (docs/api-admin.md), so an account is found through the people of
 * every company: each company's list is searched for the text, a few at a time, until one has the person.
 * An account that belongs to no company is not found this way.
 */
export async function findAccount(text: string, { companyIds, peopleOf, concurrency = 4, onProgress, signal }: FindAccountOptions): Promise<Person | null> {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return null;
  let next = 0;
  let searched = 0;
  let found: Person | null = null;
  const worker = async () => {
    while (!found && !signal?.aborted && next < companyIds.length) {
      const companyId = companyIds[next++]!;
      const people = await peopleOf(companyId, wanted);
      found ??= people.find((person) => isAccount(person, wanted)) ?? null;
      onProgress?.(++searched);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, companyIds.length) }, worker));
  return found;
}
