// The one money record through the bundle: formulas, a bulk run and a list import each fold their paid
// answers into it, so the credits the sidebar reads, today's spending, formulas' share and the Enrichment
// log all equal the emulator's ledger; it survives the cache losing it, starts each day at 00:00, and
// costs formulas no user-property write.
import { describe, expect, it } from "vitest";
import { DEMO_API_KEY } from "../../emulator/accounts.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import type { MoneyView } from "../../src/core/spending/money-record.ts";
import { type AddonWorld, addonWorld } from "../support/addon-world.ts";
import { formulasPaid } from "./formulas-paid.ts";
import { logFacts } from "./log-rows.ts";

const credits = (w: AddonWorld) => w.gas.run("getCredits") as MoneyView | null;

function balance(w: AddonWorld): number {
  return w.admin("GET", `/__admin/ledger?api_key=${DEMO_API_KEY}`).body.credits_remaining as number;
}

/** Formulas over ten domains, then a twenty-row bulk run and a list import from the sidebar. */
async function spendThreeWays(): Promise<{
  w: AddonWorld;
  byFormulas: number;
  byRun: number;
  byImport: number;
}> {
  const w = await addonWorld();
  const domains = w.state.dataset.orgs.filter((o) => o.status === "active").map((o) => o.domain);
  w.gas.sheet().set(
    "A2",
    domains.slice(0, 10).map((d) => [d]),
  );
  w.gas.formula("B2", '=ORG_ATTR(A2:A11, "industry")');
  const byFormulas = w.charged();
  expect(byFormulas).toBeGreaterThan(0);

  w.gas.sheet().set("D1", [["Domain"], ...domains.slice(10, 30).map((d) => [d])]);
  const job = w.gas.run("startEnrichment", {
    sheetName: "Sheet1",
    inputRange: "D:D",
    fields: [{ kind: "attribute", name: "industry" }],
  }) as JobStatus;
  let status: JobStatus | undefined;
  for (let polls = 0; polls < 20 && status?.state !== "done"; polls++)
    status = (w.gas.run("pollJobs") as JobStatus[]).find((s) => s.jobId === job.jobId);
  expect(status?.state).toBe("done");
  const byRun = w.charged() - byFormulas;
  expect(byRun).toBeGreaterThan(0);

  w.gas.run("getOrganizationLists", {});
  const beforeImport = w.charged();
  const imported = w.gas.run("importOrganizationList", { listId: 7001 }) as { creditsUsed: number };
  const byImport = w.charged() - beforeImport;
  expect(imported.creditsUsed).toBe(byImport);
  return { w, byFormulas, byRun, byImport };
}

describe("the money record", () => {
  it("equals the ledger after formulas, a bulk run and a list import: balance, today, formulas, the log", async () => {
    const { w, byFormulas } = await spendThreeWays();
    const total = w.charged();
    const shown = credits(w)!;
    expect(shown).toEqual({
      remaining: balance(w),
      asOf: expect.any(String),
      from: "paid",
      // The highest balance seen: the first answer's, after the formulas' charge.
      topUp: balance(w) + total - byFormulas,
      spentToday: total,
      formulasToday: byFormulas,
      // No answer was lost: nothing possibly charged, the balance after every charge.
      possiblyToday: 0,
      balanceBeforeLoss: false,
      version: expect.any(String),
      zone: "UTC",
    });
    // The formula spend the daily cap counts (Settings, Check this sheet) is the same figure.
    expect((w.gas.run("getSettings") as { spentToday: number }).spentToday).toBe(byFormulas);
    // The log gets the formulas' batch (appended by the sidebar's reads), and adds up to the ledger.
    const facts = logFacts(w.gas);
    expect(facts.filter((f) => f.action.startsWith("Formulas:"))).toEqual([
      { action: "Formulas: ORG_ATTR (Industry)", kind: "charged", credits: byFormulas },
    ]);
    expect(facts.every((f) => f.kind === "charged")).toBe(true);
    expect(facts.reduce((sum, f) => sum + (f.credits ?? 0), 0)).toBe(total);
  }, 120_000);

  it("keeps the formulas' log row until a sidebar call appends it, once", async () => {
    const w = await formulasPaid();
    credits(w);
    credits(w);
    w.gas.run("getSettings");
    expect(logFacts(w.gas)).toEqual([
      { action: "Formulas: ORG_ATTR (Industry)", kind: "charged", credits: w.charged() },
    ]);
  }, 60_000);

  it("survives the cache losing it, once a sidebar read has kept it durably", async () => {
    const { w, byFormulas } = await spendThreeWays();
    const before = credits(w)!;
    w.gas.caches.user().remove("money:record");
    expect(credits(w)).toEqual(before);
    expect(before.formulasToday).toBe(byFormulas);
  }, 120_000);

  it("counts today from 00:00 in the spreadsheet's time zone, keeping the balance overnight", async () => {
    const { w } = await spendThreeWays();
    const remaining = balance(w);
    w.gas.clock.advance("1d");
    expect(credits(w)).toMatchObject({ remaining, spentToday: 0, formulasToday: 0 });
  }, 120_000);

  it("costs a paid formula batch one document-property write for its log row, and no property for the record", async () => {
    const w = await addonWorld();
    const domains = w.state.dataset.orgs.filter((o) => o.status === "active").map((o) => o.domain);
    w.gas.sheet().set(
      "A2",
      domains.slice(0, 5).map((d) => [d]),
    );
    const from = w.gas.executions.length;
    w.gas.formula("B2", '=ORG_ATTR(A2:A6, "industry")');
    const [cell] = w.gas.executions.slice(from).filter((e) => e.kind === "customFunction");
    // The spend guard's hold and record, the day's fetch count (the user's), and the log row kept for the
    // sidebar; the money record went to the user cache, under the user lock (as the throttle's does).
    expect(cell!.calls["Properties.setProperty"]).toBe(4);
    // The document lock the batch buys under, the user lock for the day's fetch count (booked before the
    // request's intent is written, so a properties quota that runs out there sends nothing: issue 38 case 2),
    // the user lock for the throttle's slot, and the user lock for the money record.
    expect(cell!.calls["Lock.waitLock"]).toBe(4);
    const kept = Object.keys(w.gas.properties.document().snapshot()).filter((k) =>
      k.startsWith("paid:logrow:"),
    );
    expect(kept).toHaveLength(1);
    expect(Object.keys(w.gas.properties.user().snapshot())).toEqual(["urlfetch_day"]);
    expect(w.gas.caches.user().snapshot(w.gas.clock.now())).toHaveProperty("money:record");
  }, 60_000);
});
