// The priority digest through the built bundle against the emulator: imported for 1 credit an item, marked
// relevant and cleared from the sidebar with the sheet following, the sheet's "Relevant?" column sent
// where it changed, the digest read back for free, configs listed free, and malformed requests refused.
import { describe, expect, it } from "vitest";
import type { Harness } from "../../harness/index.ts";
import { PRIORITY_HEADER, RELEVANT_HEADER } from "../../src/server/signals/digest.ts";
import { failure, jobsWorld, ledgerTotal, run } from "./bulk-world.ts";

interface Item {
  id: number;
  headline: string;
  relevant: boolean | null;
}

const relevanceCalls = (gas: Harness) =>
  gas.fetches
    .filter((f) => f.url.includes("/relevance"))
    .map((f) => [
      Number(/priority\/(\d+)\/relevance/.exec(f.url)![1]),
      JSON.parse(String(f.body)).is_relevant,
    ]);

describe("priority signals", () => {
  it("imports the latest digest with a Relevant? column, 1 credit an item", async () => {
    const { gas, emulator } = await jobsWorld();
    const result = run<{ sheetName: string; items: Item[]; creditsUsed: number; message: string }>(
      gas,
      "importPrioritySignals",
      { limit: 5 },
    );
    expect(result.items).toHaveLength(5);
    expect(result.creditsUsed).toBe(5);
    expect(ledgerTotal(emulator)).toBe(5);
    expect(result.message).toBe(
      '5 priority signals written to "Priority signals". Mark each relevant or not here or in its "Relevant?" column.',
    );
    const rows = gas.sheet("Priority signals").values();
    expect(rows[0]).toEqual(PRIORITY_HEADER);
    expect(rows.slice(1).map((row) => row[0])).toEqual(result.items.map((i) => i.id));
    // The day is a date, in the one date format every sheet of the add-on uses.
    expect(Object.prototype.toString.call(rows[1]![1])).toBe("[object Date]");
    expect(gas.sheet("Priority signals").cell("B2").display).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(rows.slice(1).map((row) => row[9])).toEqual(["", "", "", "", ""]);
    expect(run(gas, "importPrioritySignals", null)).toMatchObject({
      sheetName: "Priority signals (2)",
      creditsUsed: 20,
    });
  });

  it("marks an item relevant and clears it from the sidebar, the sheet following, all free", async () => {
    const { gas, emulator } = await jobsWorld();
    const { items } = run<{ items: Item[] }>(gas, "importPrioritySignals", { limit: 3 });
    const charged = ledgerTotal(emulator);
    const id = items[1]!.id;
    expect(run(gas, "setPriorityRelevance", { itemId: id, relevant: true })).toEqual({
      id,
      relevant: true,
      message: `Priority signal ${id} marked relevant.`,
    });
    expect(gas.sheet("Priority signals").values("J3")[0]![0]).toBe(true);
    expect(run<{ items: Item[] }>(gas, "getPriorityDigest").items.map((i) => i.relevant)).toEqual([
      null,
      true,
      null,
    ]);
    expect(run(gas, "setPriorityRelevance", { itemId: id, relevant: null })).toMatchObject({
      relevant: null,
      message: `Priority signal ${id} cleared.`,
    });
    expect(gas.sheet("Priority signals").values("J3")[0]![0]).toBe("");
    expect(relevanceCalls(gas)).toEqual([
      [id, true],
      [id, null],
    ]);
    expect(ledgerTotal(emulator)).toBe(charged);
    // The service now has no feedback for the item: a fresh import shows it blank.
    const fresh = run<{ items: Item[] }>(gas, "importPrioritySignals", { limit: 3 });
    expect(fresh.items.find((i) => i.id === id)!.relevant).toBeNull();
  });

  it("sends only the Relevant? cells that changed, and names the rows it cannot read", async () => {
    const { gas } = await jobsWorld();
    const { items } = run<{ items: Item[] }>(gas, "importPrioritySignals", { limit: 4 });
    const sheet = gas.sheet("Priority signals");
    sheet.set("J2", [[true], [false], ["maybe"], ["true"]]);
    const sync = run<{ sent: number; problems: string[]; message: string }>(gas, "syncPriorityRelevance");
    expect(sync).toEqual({
      sent: 3,
      relevant: 2,
      notRelevant: 1,
      cleared: 0,
      problems: ['Row 4: "maybe" is not TRUE, FALSE or blank.'],
      message: "Sent 3 changes: 2 relevant, 1 not relevant, 0 cleared. 1 row skipped.",
    });
    expect(relevanceCalls(gas)).toEqual([
      [items[0]!.id, true],
      [items[1]!.id, false],
      [items[3]!.id, true],
    ]);
    sheet.set("J2", [[""]]);
    const again = run<{ sent: number; cleared: number }>(gas, "syncPriorityRelevance");
    expect(again).toMatchObject({ sent: 1, cleared: 1 });
    expect(relevanceCalls(gas).at(-1)).toEqual([items[0]!.id, null]);
    expect(run<{ sent: number; message: string }>(gas, "syncPriorityRelevance")).toMatchObject({
      sent: 0,
      message: "Nothing to send: the service already has this feedback. 1 row skipped.",
    });
  });

  it("has no digest to show or sync before an import, and says where to start", async () => {
    const { gas } = await jobsWorld();
    expect(run(gas, "getPriorityDigest")).toBeNull();
    expect(failure(gas, "syncPriorityRelevance")).toBe("Import the priority signals into a sheet first.");
    run(gas, "importPrioritySignals", { limit: 1 });
    gas.sheet("Priority signals").set("J1", [["Feedback"]]);
    expect(failure(gas, "syncPriorityRelevance")).toBe(
      `The sheet "Priority signals" has no "${RELEVANT_HEADER}" column in its first row; import the priority signals again.`,
    );
  });

  it("lists the signal configs for free", async () => {
    const { gas, emulator } = await jobsWorld();
    const configs = run<{ id: number; name: string; link: string | null }[]>(gas, "getSignalConfigs");
    expect(configs.length).toBeGreaterThan(3);
    expect(configs.every((c) => c.link?.startsWith("https://"))).toBe(true);
    expect(ledgerTotal(emulator)).toBe(0);
  });

  it.each([
    [
      "importPrioritySignals",
      [{ limit: 0 }],
      "How many priority signals? Give a whole number from 1 to 100 (limit); got 0.",
    ],
    [
      "importPrioritySignals",
      [{ limit: 101 }],
      "How many priority signals? Give a whole number from 1 to 100 (limit); got 101.",
    ],
    ["importPrioritySignals", ["20"], "Send {limit: 20}."],
    [
      "setPriorityRelevance",
      [{ relevant: true }],
      "Choose a priority signal (itemId must be a positive whole number; got nothing).",
    ],
    [
      "setPriorityRelevance",
      [{ itemId: 9469 }],
      "Say whether the item is relevant (relevant: true, false, or null to clear).",
    ],
    [
      "setPriorityRelevance",
      [{ itemId: 9469, relevant: "yes" }],
      'relevant must be true, false or null (to clear); got "yes".',
    ],
  ])("%s refuses %j with the sentence the sidebar shows, sending nothing", async (name, args, message) => {
    const { gas } = await jobsWorld();
    expect(failure(gas, name, ...args)).toBe(message);
    expect(gas.fetches).toEqual([]);
  });
});
