// The test tiers a mutation run uses (scripts/mutate.ts): unit, contract and e2e, without the browser tier,
// which starts Chromium per file and would cost minutes per mutant. Instrumented code on a shared machine
// runs slower, so every test gets the e2e tier's minute (Stryker's own timeout catches endless mutants).
// Cheapest tier first: Stryker stops a mutant's run at its first failing test (bail), and vitest otherwise
// runs projects by name, so a mutant a unit test kills in milliseconds first sat through its e2e scenarios.
import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

type Project = { test?: { name?: string; testTimeout?: number } };

const ORDER = ["unit", "contract", "e2e"];

const projects = (base.test?.projects ?? [])
  .filter(
    (project): project is Project => typeof project === "object" && project !== null && "test" in project,
  )
  .filter((project) => project.test?.name !== "browser")
  .map((project) => ({
    ...project,
    test: {
      ...project.test,
      testTimeout: 60_000,
      sequence: { groupOrder: ORDER.indexOf(project.test?.name ?? "") },
    },
  }));

export default defineConfig({ ...base, test: { ...base.test, projects } });
