import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that take a minute or more start first (issue 39). vitest orders files it has no record of by size,
 * largest first, and a fresh clone (CI, a newcomer) has no record: the route fuzz, a small file that runs for
 * nearly two minutes, started last and ran alone at the end of the stage for most of that time. The longest go
 * first here, in the order of the fresh-clone profile (`npm run test:profile`, docs/testing.md); the rest keep
 * vitest's order.
 */
const LONGEST_FIRST = [
  "packages/functions/test/fuzz-routes.test.ts",
  "packages/functions/test/access-matrix.test.ts",
  "tests/deploy-rehearsal.test.ts",
  "packages/functions/test/reports.test.ts",
  "packages/core/test/pdf-failures.test.ts",
];

const rank = (spec: TestSpecification) => {
  const index = LONGEST_FIRST.findIndex((file) => spec.moduleId.endsWith(file));
  return index === -1 ? LONGEST_FIRST.length : index;
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array.prototype.sort is stable: files outside the list keep vitest's order
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
