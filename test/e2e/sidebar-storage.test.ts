// Settings ▸ Storage through the sidebar's server calls: what each store holds, room caches never take, and
// clearing cached results frees the room they took in the document's properties.
import { describe, expect, it } from "vitest";
import type { StorageView } from "../../src/server/settings/storage.ts";
import { addonWorld, fillDocumentStore } from "../support/addon-world.ts";

const RESERVED = 32 * 1024;
const LIMIT = 500 * 1024;

const part = (view: StorageView, kind: string) => view.document!.parts.find((p) => p.kind === kind);

describe("Settings ▸ Storage", () => {
  it("shows what the document's properties hold by kind, and clearing cached results frees their room", async () => {
    const w = await addonWorld();
    w.gas.sheet().set(
      "A2",
      w.state.dataset.orgs.slice(0, 50).map((o) => [o.domain]),
    );
    w.gas.fill("B2:B51", '=ORG_ATTR(A2,"industry")');
    w.gas.run("saveFormulaSettings", { killSwitch: false, dailyCap: 500, cacheLifetimeSeconds: 30 * 86_400 });
    w.gas.properties.document().put({ "job:x": "y".repeat(1_000) });
    const before = w.gas.run("getStorage") as StorageView;
    const document = w.gas.properties.document();
    expect(before.document!.usedBytes).toBe(document.size());
    expect(before.document!.limitBytes).toBe(LIMIT);
    expect(before.document!.reservedBytes).toBe(RESERVED);
    const cached = part(before, "cachedResults")!;
    const durableBytes = Object.entries(document.snapshot())
      .filter(([k]) => k.startsWith("dc:"))
      .reduce((n, [k, v]) => n + k.length + v.length, 0);
    expect(cached.bytes).toBe(durableBytes);
    expect(cached.bytes).toBeGreaterThan(1_000);
    expect(part(before, "jobs")).toEqual({ kind: "jobs", label: "Background jobs", bytes: 1_005, values: 1 });
    // The formula spend record, and the column's paid batch's log row, kept until a sidebar call appends it.
    expect(part(before, "journals")!.values).toBe(2);
    expect(before.cache.kept).toEqual({ organizations: 50, lookups: 0 });

    expect(w.gas.run("clearFormulaCache")).toEqual({ organizations: 50, lookups: 0 });
    const after = w.gas.run("getStorage") as StorageView;
    expect(Object.keys(document.snapshot()).filter((k) => k.startsWith("dc:b"))).toEqual([]);
    expect(after.document!.usedBytes).toBeLessThan(before.document!.usedBytes - cached.bytes + 30);
    expect(after.cache.kept).toEqual({ organizations: 0, lookups: 0 });
  });

  it("a cache never takes the room reserved for records: formulas still answer, pay once, and record it", async () => {
    const w = await addonWorld();
    fillDocumentStore(w, { organizations: 20, free: RESERVED + 500 });
    w.gas.fill("B2:B21", '=ORG_ATTR(A2,"industry")');
    expect(w.charged()).toBe(40);
    expect(Object.keys(w.gas.properties.document().snapshot()).filter((k) => k.startsWith("dc:b"))).toEqual(
      [],
    );
    expect((w.gas.run("getSettings") as { spentToday: number }).spentToday).toBe(40);
    w.gas.recalculate();
    expect(w.charged()).toBe(40);
    expect(
      w.gas
        .sheet()
        .values("B2:B21")
        .flat()
        .filter((v) => v === "" || v === "#ERROR!"),
    ).toEqual([]);
  });
});
