// The property: any sequence of commands over a fresh world keeps every check (check.ts). Shared by the
// fixed-seed vitest entry and `npm run model`.

import fc from "fast-check";
import { type Real, realOf } from "./check.ts";
import {
  BobOwnRule,
  EnrichPolledTwice,
  EnrichTwiceAtOnce,
  EnrichTwoSheetsAtOnce,
} from "./concurrent-commands.ts";
import { AFTER_CHARGE_FAULTS, EnrichPlatformFault, PLATFORM_FAULTS } from "./fault-commands.ts";
import {
  ADDON_SHEETS,
  DeleteAddonSheet,
  EditAddonSheet,
  PropertiesOut,
  RenameTarget,
  SetTimeZone,
  UnhideAddonSheet,
  WITHOUT_STORE,
} from "./file-commands.ts";
import { initialModel, type Model } from "./model.ts";
import { DeleteRow, InsertRow, MoveRows, SortIdentifiers } from "./row-commands.ts";
import {
  BobClicks,
  Enrich,
  EnrichKilled,
  KILL_POINTS,
  RefreshNow,
  RerunLost,
  Resume,
  SaveRule,
} from "./run-commands.ts";
import {
  Advance,
  CopyFile,
  QuotaOut,
  Recalculate,
  SetFormula,
  SetIds,
  SortSheet,
  STEPS,
} from "./sheet-commands.ts";
import { type Cmd, FAULTS, type Fault, FIXED, type KnownBug } from "./steps.ts";
import { createWorld, FIRST_ROW, identifier, KNOWN, NOT_ORG, ROWS } from "./world.ts";

/** A pool index: mostly known organizations, sometimes the unknown company or a blank. */
const anId = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: KNOWN - 1 }) },
  { weight: 1, arbitrary: fc.constant(KNOWN) },
  { weight: 1, arbitrary: fc.constant(-1) },
);
const someIds = (n: number) => fc.array(anId, { minLength: n, maxLength: n });
const fault = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Fault>("none") },
  {
    weight: 4,
    arbitrary: fc.constantFrom<Fault>(...(Object.keys(FAULTS) as Array<Exclude<Fault, "none">>)),
  },
);

/**
 * Each command as generated, gated while the day's Properties calls are used up (only what needs no setting
 * runs then) and counted by kind for the closing note.
 */
class Counted implements Cmd {
  constructor(
    readonly inner: Cmd,
    readonly counts: Record<string, number>,
  ) {}
  check(m: Readonly<Model>): boolean {
    if (m.storeOut && !WITHOUT_STORE.has(this.inner.constructor.name)) return false;
    return this.inner.check(m);
  }
  run(m: Model, r: Real): void {
    const kind = this.inner.constructor.name;
    this.counts[kind] = (this.counts[kind] ?? 0) + 1;
    this.inner.run(m, r);
  }
  toString(): string {
    return this.inner.toString();
  }
}

/**
 * The generator's commands. `weights` (by kind, default 1) repeats a kind's arbitrary that many times, so a
 * campaign after one bug makes its commands often (e.g. SaveRule and RefreshNow for "sort-refresh").
 */
export function commandArbitraries(
  bugs: ReadonlySet<KnownBug>,
  counts: Record<string, number> = {},
  weights: Readonly<Record<string, number>> = {},
) {
  const arbitraries = rawArbitraries(bugs);
  for (const kind of Object.keys(weights)) {
    if (!(kind in arbitraries))
      throw new Error(`No command kind "${kind}"; kinds: ${Object.keys(arbitraries).join(", ")}`);
  }
  return Object.entries(arbitraries).flatMap(([kind, arbitrary]) =>
    Array.from({ length: weights[kind] ?? 1 }, () => arbitrary.map((cmd): Cmd => new Counted(cmd, counts))),
  );
}

/** Every command by kind (its class name), in the order the fixed seeds were written against. */
function rawArbitraries(bugs: ReadonlySet<KnownBug>): Record<string, fc.Arbitrary<Cmd>> {
  return {
    SetIds: fc
      .tuple(
        fc.constantFrom<"Sheet1" | "F">("Sheet1", "F"),
        fc.integer({ min: 0, max: ROWS - 1 }),
        someIds(3),
      )
      .map(([sheet, row, ids]) => new SetIds(sheet, row, ids.slice(0, 1 + (row % 3)))),
    SetFormula: fc
      .tuple(fc.constantFrom<"range" | "filled">("range", "filled"), fc.constantFrom(null, 1, 3), fault)
      .map(([kind, maxAgeDays, f]) => new SetFormula({ kind, maxAgeDays }, f, bugs)),
    Recalculate: fc.constant(new Recalculate()),
    Advance: fc
      .constantFrom(...(Object.keys(STEPS) as Array<keyof typeof STEPS>))
      .map((step) => new Advance(step)),
    Enrich: fc.tuple(fault, fc.boolean()).map(([f, stop]) => new Enrich(stop ? "none" : f, stop, bugs)),
    Resume: fc.constant(new Resume()),
    RerunLost: fc.constant(new RerunLost()),
    SaveRule: fc
      .tuple(fc.boolean(), fc.constantFrom<"daily" | "weekly">("daily", "weekly"))
      .map(([newRowsOnly, frequency]) => new SaveRule(newRowsOnly, frequency, bugs)),
    RefreshNow: fc.constant(new RefreshNow()),
    BobClicks: fc
      .constantFrom<"refreshNow" | "resumeJob">("refreshNow", "resumeJob")
      .map((a) => new BobClicks(a)),
    CopyFile: fc.constant(new CopyFile(bugs)),
    EnrichKilled: fc
      .tuple(fc.constantFrom(...KILL_POINTS), fc.boolean())
      .map(([at, sort]) => new EnrichKilled(at, sort, bugs)),
    QuotaOut: fc.constant(new QuotaOut()),
    SortSheet: fc.boolean().map((ascending) => new SortSheet(ascending, bugs)),
    InsertRow: fc.integer({ min: 0, max: ROWS - 1 }).map((at) => new InsertRow(at)),
    DeleteRow: fc.integer({ min: 0, max: ROWS - 1 }).map((at) => new DeleteRow(at)),
    MoveRows: fc
      .tuple(
        fc.integer({ min: 0, max: ROWS - 1 }),
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: 0, max: ROWS }),
      )
      .map(([from, count, before]) => new MoveRows(from, count, before)),
    SortIdentifiers: fc.boolean().map((ascending) => new SortIdentifiers(ascending)),
    SetTimeZone: fc
      .constantFrom("America/Los_Angeles", "Asia/Kolkata", "Pacific/Chatham", "Etc/UTC")
      .map((zone) => new SetTimeZone(zone)),
    UnhideAddonSheet: fc.constantFrom(...ADDON_SHEETS).map((name) => new UnhideAddonSheet(name)),
    EditAddonSheet: fc
      .tuple(fc.constantFrom(...ADDON_SHEETS), fc.constantFrom<"A1" | "B2">("A1", "B2"))
      .map(([name, cell]) => new EditAddonSheet(name, cell, bugs)),
    DeleteAddonSheet: fc.constantFrom(...ADDON_SHEETS).map((name) => new DeleteAddonSheet(name, bugs)),
    EnrichPolledTwice: fc.constant(new EnrichPolledTwice(bugs)),
    EnrichTwiceAtOnce: fc.constant(new EnrichTwiceAtOnce(bugs)),
    BobOwnRule: fc.constant(new BobOwnRule()),
    EnrichTwoSheetsAtOnce: fc.constant(new EnrichTwoSheetsAtOnce(bugs)),
    EnrichPlatformFault: fc
      .constantFrom(...PLATFORM_FAULTS, ...(bugs.has("fault-after-charge") ? AFTER_CHARGE_FAULTS : []))
      .map((at) => new EnrichPlatformFault(at, bugs)),
    PropertiesOut: fc.constant(new PropertiesOut()),
    RenameTarget: fc.constantFrom("Leads", "Kunden – März").map((name) => new RenameTarget(name, bugs)),
    // Issue 39: an identifier that is no organization typed over a row; Enrich pressed again into the
    // first run's columns.
    SetNotOrganization: fc
      .integer({ min: 0, max: ROWS - 1 })
      .map((row) => new SetIds("Sheet1", row, [NOT_ORG])),
    EnrichAgainInto: fault.map((f) => new Enrich(f, false, bugs, "overwrite")),
  };
}

export interface LifeOptions {
  seed: number;
  numRuns: number;
  maxCommands?: number;
  bugs?: ReadonlySet<KnownBug>;
  path?: string;
  /** fc.commands' replayPath (a counterexample's "replayPath=…" comment), with `path` to replay it. */
  replayPath?: string;
  /** How often each kind of command is drawn, by class name (default 1): `npm run model -- --weights`. */
  weights?: Readonly<Record<string, number>>;
  /** Counts sequences and commands run, shrinking included. */
  tally?: { sequences: number; commands: number; byCommand?: Record<string, number> };
}

/** The property over fresh worlds; throws fast-check's report (seed, path, shrunk sequence) on failure. */
export async function checkLife(options: LifeOptions): Promise<void> {
  const bugs = new Set<KnownBug>([...FIXED, ...(options.bugs ?? [])]);
  const tally = options.tally ?? { sequences: 0, commands: 0 };
  const byCommand = tally.byCommand ?? {};
  tally.byCommand = byCommand;
  const property = fc.asyncProperty(
    someIds(ROWS),
    someIds(ROWS),
    fc.commands(commandArbitraries(bugs, byCommand, options.weights), {
      maxCommands: options.maxCommands ?? 25,
      size: "max",
      ...(options.replayPath ? { replayPath: options.replayPath } : {}),
    }),
    async (ids1, idsF, commands) => {
      const world = await createWorld();
      world.gas.sheet("Sheet1").set(
        `A${FIRST_ROW}`,
        ids1.map((id) => [identifier(world, id) || null]),
      );
      world.gas.sheet("F").set(
        `A${FIRST_ROW}`,
        idsF.map((id) => [identifier(world, id) || null]),
      );
      const model = initialModel(KNOWN, ids1, idsF, world.gas.clock.now());
      tally.sequences++;
      const real = realOf(world);
      try {
        fc.modelRun(() => ({ model, real }), commands);
      } finally {
        tally.commands += real.checked;
      }
    },
  );
  await fc.assert(property, {
    seed: options.seed,
    numRuns: options.numRuns,
    ...(options.path ? { path: options.path } : {}),
  });
}
