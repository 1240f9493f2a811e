// Issue 39: the cells a refresh refills free in another run's block over its rows are listed in "Changes".
//   Sheet1!A2:A4 = org0, org1, org2, enriched from two sidebars at once (two blocks: B:E and F:I), the range
//   Sheet1!A2:A4 sorted alone Z→A, a daily rule (every row) saved from one run, Refresh now.
// The other run's block was refilled from what was bought (free), and the Changes sheet said nothing of it:
// only the rule's own block's cells were listed. Expected: each refilled cell has its Changes row, its Why
// "Filled free from what was bought", before the rule's own rows, which alone the rule's report counts.
import { describe, expect, it } from "vitest";
import { charged, createWorld, truth } from "../world.ts";
import { pollUntilDone } from "./poll-until-done.ts";

const FIELDS = ["name", "employee_count", "industry"];
const WORDS = ["Name", "Employee count", "Industry"];
const REQUEST = {
  sheetName: "Sheet1",
  inputRange: "A2:A4",
  fields: FIELDS.map((name) => ({ kind: "attribute", name })),
};

describe("a refresh's free refills of another run's block, in Changes (model regression)", () => {
  it("lists each refilled cell as filled free, then the rule's own changes", async () => {
    const w = await createWorld();
    const ids = w.pool.slice(0, 3);
    const sheet = w.gas.sheet("Sheet1");
    sheet.set(
      "A2",
      ids.map((id) => [id]),
    );
    const settle = (jobId: string) => pollUntilDone(w, jobId);
    const start = () => w.gas.run("startEnrichment", REQUEST) as { jobId: string };
    const jobs = w.gas.concurrently([start, start]) as Array<{ jobId: string }>;
    for (const job of jobs) settle(job.jobId);
    expect(charged(w)).toBe(9);
    sheet.sortRange("A2:A4", { ascending: false });
    const before = sheet.values("A2:I4");
    const rule = w.gas.run("saveRefreshRule", { jobId: jobs[0]!.jobId, frequency: "daily" }) as {
      ruleId: string;
    };
    const status = w.gas.run("refreshNow", rule.ruleId) as { jobId: string };
    settle(status.jobId);
    expect(charged(w)).toBe(18);
    const after = sheet.values("A2:I4");
    // Every row shows its own organization in both blocks.
    for (const [id, ...cells] of after) {
      const want = truth(w, String(id)) as Record<string, unknown>;
      const line = [...FIELDS.map((f) => want[f]), "Found"];
      expect(cells).toEqual([...line, ...line]);
    }
    // The cells each block changed: the same in both (the two runs wrote the same values).
    const cells = before.flatMap((row, r) =>
      FIELDS.flatMap((_, c) =>
        row[1 + c] === after[r]?.[1 + c]
          ? []
          : [["Sheet1", r + 2, after[r]?.[0], WORDS[c], row[1 + c], after[r]?.[1 + c]]],
      ),
    );
    expect(cells).toHaveLength(8);
    const changes = w.gas.sheet("Changes").values();
    expect(changes.slice(1).map((row) => row.slice(1))).toEqual([
      ...cells.map((cell) => [...cell, "Filled free from what was bought"]),
      ...cells.map((cell) => [...cell, "Different organization in this row"]),
    ]);
    // The rule's report counts its own block's cells (its "Select changed cells" places rows by its columns).
    const [view] = w.gas.run("listRefreshRules") as Array<{
      lastRun: { cellsChanged: number; changeRows: { first: number; last: number } };
    }>;
    expect(view?.lastRun.cellsChanged).toBe(8);
    expect(view?.lastRun.changeRows).toEqual({ first: 10, last: 17 });
  });
});
