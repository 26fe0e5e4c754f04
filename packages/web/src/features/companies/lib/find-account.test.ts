import { describe, expect, it } from "vitest";
import type { Person } from "../types";
import { findAccount, isAccount } from "./find-account";

const person = (id: string, username: string, email: string): Person => ({ id, seatId: `c:${id}`, companyId: "c", username, email, firstName: "", lastName: "", role: "user", status: "active" });

describe("finding an account among the companies' people", () => {
  it("matches a whole username or e-mail, whatever the case", () => {
    const multi = person("demo-multi-user", "multi_user", "multi@example.com");
    expect(isAccount(multi, " MULTI_USER ")).toBe(true);
    expect(isAccount(multi, "multi@example.com")).toBe(true);
    expect(isAccount(multi, "multi")).toBe(false);
  });

  it("stops at the first company that has the person, and says how far it got", async () => {
    const asked: string[] = [];
    const progress: number[] = [];
    const people: Record<string, Person[]> = { a: [person("1", "multi_user_two", "x@example.com")], b: [person("2", "multi_user", "y@example.com")], c: [], d: [] };
    const found = await findAccount("multi_user", {
      companyIds: ["a", "b", "c", "d"],
      concurrency: 1,
      peopleOf: async (companyId, text) => {
        asked.push(`${companyId}:${text}`);
        return people[companyId]!;
      },
      onProgress: (searched) => progress.push(searched),
    });
    expect(found?.id).toBe("2");
    expect(asked).toEqual(["a:multi_user", "b:multi_user"]);
    expect(progress).toEqual([1, 2]);
  });

  it("answers null when no company has the person, or for an empty text", async () => {
    const peopleOf = async () => [] as Person[];
    expect(await findAccount("nobody", { companyIds: ["a", "b", "c"], peopleOf })).toBeNull();
    expect(await findAccount("  ", { companyIds: ["a"], peopleOf })).toBeNull();
  });
});
