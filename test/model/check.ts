// What must hold after every command: the ledger against the model's minimum and the Enrichment log, and
// every row the add-on wrote showing its own organization's values (or a Status saying it does not), blank
// identifier rows included.

import { INDUSTRIES } from "../../emulator/dataset/catalog/industries.ts";
import type { CellValue } from "../../harness/index.ts";
import type { Model } from "./model.ts";
import {
  BOB,
  charged,
  FIRST_ROW,
  identifier,
  LAST_ROW,
  logFacts,
  NOT_ORG_TEXT,
  truth,
  type World,
} from "./world.ts";

const INDUSTRY_NAMES = new Set(INDUSTRIES.map((industry) => industry.name));
/** The Status a refresh gives a row whose identifier cell is blank beside a run's values (issue 39). */
export const REMOVED =
  "Identifier removed after this row was enriched: type one and refresh, or clear the row";
/** The Status a run gives a row whose identifier cell holds no organization beside a run's values (issue 39). */
export const INVALID =
  "Identifier not valid after this row was enriched: fix it and refresh, or clear the row";
/** The Status of a row whose identifier names an organization no run bought, beside another's values. */
export const CHANGED = "Identifier changed after this row was enriched: refresh to update";
const LABELS = ["Name", "Employee count", "Industry"] as const;
const FIELD_OF = { Name: "name", "Employee count": "employee_count", Industry: "industry" } as const;

/** One run's block of columns on Sheet1 and, per row, the identifier the add-on last wrote it for. */
export interface Block {
  status: number;
  columns: Array<{ column: number; field: string }>;
  previous: string[];
  writtenFor: string[];
  /** Rows an inserted row pushed below row 7, nearest first (writtenFor, previous): a deletion brings them back. */
  below?: Array<[string, string]>;
}

export interface Real {
  world: World;
  blocks: Map<number, Block>;
  /** The sheet the sidebar's runs enrich: "Sheet1" until the person renames it. */
  target: string;
  /** Commands checked so far. */
  checked: number;
  /** Every file of the life (the first, then its copies) and how many log rows it inherited when copied. */
  files: Array<{ id: string; inherited: number }>;
}

export function realOf(world: World): Real {
  return {
    world,
    target: "Sheet1",
    blocks: new Map(),
    checked: 0,
    files: [{ id: world.gas.spreadsheetId, inherited: 0 }],
  };
}

export class ModelMismatch extends Error {}

function fail(message: string): never {
  throw new ModelMismatch(message);
}

const blank = (v: CellValue | undefined) => v === "" || v === null || v === undefined;

/** Sheet1's run blocks: each "Status" column with the labelled value columns just before it. */
function readBlocks(real: Real): void {
  const sheet = real.world.gas.sheet(real.target);
  const values = sheet.values();
  const header = values[0] ?? [];
  header.forEach((label, col) => {
    if (label !== "Status") return;
    let block = real.blocks.get(col);
    if (!block) {
      const columns: Block["columns"] = [];
      for (let c = col - 1; c > 0 && LABELS.includes(header[c] as (typeof LABELS)[number]); c--) {
        columns.unshift({ column: c, field: FIELD_OF[header[c] as keyof typeof FIELD_OF] });
      }
      block = { status: col, columns, previous: [], writtenFor: [] };
      real.blocks.set(col, block);
    }
    for (let row = FIRST_ROW; row <= LAST_ROW; row++) {
      const cells = values[row - 1] ?? [];
      const print = JSON.stringify(
        [block.status, ...block.columns.map((c) => c.column)].map((c) => cells[c]),
      );
      const i = row - FIRST_ROW;
      if (block.previous[i] !== print) block.writtenFor[i] = String(cells[0] ?? "");
      block.previous[i] = print;
    }
  });
}

function checkBlocks(real: Real, model: Model, refreshed: boolean, enriched: boolean): void {
  readBlocks(real);
  const values = real.world.gas.sheet(real.target).values();
  for (const block of real.blocks.values()) {
    for (let row = FIRST_ROW; row <= LAST_ROW; row++) {
      const i = row - FIRST_ROW;
      const cells = values[row - 1] ?? [];
      const status = String(cells[block.status] ?? "");
      const now = identifier(real.world, model.ids1[i]!);
      const written = block.writtenFor[i] ?? now;
      const want = truth(real.world, written);
      const where = `Sheet1 row ${row} (Status column ${block.status + 1})`;
      if (status === "Found") {
        if (!want) fail(`${where} says Found for "${written}", which the service does not know`);
        for (const { column, field } of block.columns) {
          if (cells[column] !== (want[field] ?? ""))
            fail(
              `${where}: ${field} is ${JSON.stringify(cells[column])}; "${written}" has ${JSON.stringify(want[field])}`,
            );
        }
        if (refreshed && written !== now && truth(real.world, now))
          fail(`${where}: after a refresh it still shows ${written}'s values beside "${now}"`);
        // No run writes a blank row, nor one that holds no organization: a refresh, or Enrich pressed again
        // over the rows, must say its values are no organization's of the row.
        const gone = now === "" ? "a blank identifier" : now === NOT_ORG_TEXT ? `"${now}"` : null;
        if ((refreshed || enriched) && gone !== null)
          fail(
            `${where}: after ${refreshed ? "a refresh" : "Enrich"} it says Found for "${written}" beside ${gone}`,
          );
      } else if (status === "Not found") {
        if (want) fail(`${where} says Not found for "${written}", a known organization`);
      }
      // The mark stays beside the values until a refresh writes the row (an identifier typed back).
      // An identifier no run bought typed over the row: marked until a run writes it (its values are from
      // before, which the mark itself hides from writtenFor).
      const marked =
        (status === REMOVED && written === "") ||
        (status === INVALID && written === NOT_ORG_TEXT) ||
        status === CHANGED;
      if (status !== "Found" && !marked && block.columns.some(({ column }) => !blank(cells[column])))
        fail(`${where} has values but its Status says "${status}"`);
    }
  }
}

function checkFormulas(real: Real, model: Model): void {
  if (!model.formula) return;
  const values = real.world.gas.sheet("F").values();
  // A range formula that failed as a whole says so in its anchor (#ERROR! with the sentence as its note),
  // for every row it covers; its answers stay in the cache for the next recalculation.
  const failed = model.formula.kind === "range" && values[FIRST_ROW - 1]?.[1] === "#ERROR!";
  for (let row = FIRST_ROW; row <= LAST_ROW; row++) {
    const i = row - FIRST_ROW;
    const id = identifier(real.world, model.idsF[i]!);
    const want = truth(real.world, id)?.["industry"] ?? "";
    const shown = values[row - 1]?.[1] ?? "";
    if (shown === want) continue;
    const org = model.idsF[i]!;
    const where = `F!B${row} beside "${id}"`;
    if (INDUSTRY_NAMES.has(String(shown)))
      fail(`${where} shows ${String(shown)}; its organization's is ${want}`);
    // With the day's Properties calls used up no setting can be read: a cell says why, its answer waits.
    if (model.storeOut) continue;
    // A paid answer is discarded unless the model knows the service's answer never arrived (or nothing was
    // bought: the day's quota was out, and the cell says why).
    if (want !== "" && !failed && model.formulaBought.has(org) && !model.formulaLost.has(org))
      fail(`${where} shows ${JSON.stringify(shown)}, not ${want}`);
  }
}

function checkMoney(real: Real, model: Model): void {
  const { world } = real;
  // An execution that may write the sheet appends the formulas' waiting log rows (as the sidebar does).
  // With the day's Properties calls used up it fails with a sentence (PropertiesOut checks the words).
  if (!model.storeOut) world.gas.run("getSettings");
  const ledger = charged(world);
  // Each file has its own Enrichment log; a copy's starts with the rows of the file it was copied from.
  const active = world.gas.spreadsheetId;
  const facts = real.files.flatMap(({ id, inherited }) => {
    world.gas.useSpreadsheet(id);
    return logFacts(world).slice(inherited);
  });
  world.gas.useSpreadsheet(active);
  const sum = (kind: string) =>
    facts
      .filter((f) => f.kind === kind)
      .reduce((total, f) => total + (Number.isFinite(f.credits) ? f.credits : 0), 0);
  const confirmed = sum("charged") + sum("settled");
  const possibly = sum("possibly");
  // Bob's own run and rule charge his account, and their rows go on the same Enrichment log.
  const bob = charged(world, BOB.key);
  if (bob !== (model.bob?.expected ?? 0))
    fail(`Bob's account was charged ${bob}; his own run and rule cost ${model.bob?.expected ?? 0}`);
  if (ledger < model.expected || ledger > model.expected + model.slack)
    fail(
      `the ledger charged ${ledger} credits; the price list's minimum is ${model.expected}` +
        (model.slack ? ` (and up to ${model.slack} more a killed request may have cost)` : ""),
    );
  const both = ledger + bob;
  if (confirmed > both || both > confirmed + possibly)
    fail(
      `the Enrichment log says ${confirmed} charged and ${possibly} possibly; the ledgers charged ${both}`,
    );
  if (possibly === 0 && confirmed !== both)
    fail(`the Enrichment log's total is ${confirmed}; the ledgers charged ${both}`);
}

/**
 * Every check, in order: money, the run blocks, the formula column. `refreshed`: a refresh ran, so every
 * row shows its identifier's organization or says why; `enriched`: a run over the rows rested done, so no
 * row says Found beside a blank identifier or one that is no organization.
 */
export function checkAll(real: Real, model: Model, { refreshed = false, enriched = false } = {}): void {
  real.checked++;
  checkMoney(real, model);
  checkBlocks(real, model, refreshed, enriched);
  checkFormulas(real, model);
}
