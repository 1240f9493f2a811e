// The test tiers a mutation run uses (scripts/mutate.ts): unit, contract, e2e and model, without the browser
// tier, which starts Chromium per file and would cost minutes per mutant. Instrumented code on a shared machine
// runs slower, so every test gets at least the e2e tier's minute (Stryker's own timeout catches endless mutants).
// Cheapest tier first: Stryker stops a mutant's run at its first failing test (bail), and vitest otherwise
// runs projects by name, so a mutant a unit test kills in milliseconds first sat through its e2e scenarios.
import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

type Project = {
  test?: { name?: string; testTimeout?: number; include?: string[]; exclude?: string[]; isolate?: boolean };
};

/** Cheapest first; the model's minutes-long sequences last. */
const ORDER = ["unit", "contract", "e2e", "model"];

/** Tests of the built bundle's size: an instrumented bundle is not the product, and its bytes mean nothing. */
export const NOT_UNDER_MUTATION = ["test/e2e/bundle-budget.test.ts"];

/**
 * The projects of a run, each narrowed to the chosen test files of its own folder (`tests`, scripts/mutate.ts's
 * MUTATE_TESTS). The choice is made here rather than with Stryker's `testFiles`: given test files, Stryker
 * 9.6 runs a static mutant (code run once, when its module loads: a constant's regex or table) with those
 * files as its test filter, which makes the vitest runner switch the mutant on in `beforeAll`, after the
 * module was loaded, so every static mutant survived. With none, it switches it on before any module loads.
 */
export function mutationProjects(
  projects: readonly unknown[],
  tests: readonly string[] | undefined,
): Project[] {
  for (const glob of tests ?? [])
    if (!ORDER.some((name) => glob.startsWith(`test/${name}/`)))
      throw new Error(
        `A mutation run's tests lie in ${ORDER.map((n) => `test/${n}/`).join(", ")}: not ${glob}`,
      );
  return projects
    .filter(
      (project): project is Project => typeof project === "object" && project !== null && "test" in project,
    )
    .filter((project) => ORDER.includes(project.test?.name ?? ""))
    .map((project) => {
      const name = project.test?.name ?? "";
      const include = tests
        ? tests.filter((glob) => glob.startsWith(`test/${name}/`) && !NOT_UNDER_MUTATION.includes(glob))
        : project.test?.include;
      // Every unit file runs isolated here, the mocking ones (npm test's unit-isolated) included: a static
      // mutant is switched on before its module loads, and a module graph shared between files would keep
      // the module loaded before it.
      const { exclude: _isolatedElsewhere, ...own } = project.test ?? {};
      return {
        ...project,
        test: {
          ...(name === "unit" ? { ...own, isolate: true } : project.test),
          ...(name === "e2e" ? { exclude: [...(project.test?.exclude ?? []), ...NOT_UNDER_MUTATION] } : {}),
          // A tier with none of the chosen tests still needs a pattern: one that matches no file.
          include: include?.length ? include : [`test/${name}/none-chosen`],
          testTimeout: Math.max(60_000, project.test?.testTimeout ?? 0),
          sequence: { groupOrder: ORDER.indexOf(name) },
        },
      };
    });
}

const chosen = process.env.MUTATE_TESTS ? (JSON.parse(process.env.MUTATE_TESTS) as string[]) : undefined;

export default defineConfig({
  ...base,
  test: { ...base.test, projects: mutationProjects(base.test?.projects ?? [], chosen) },
});
