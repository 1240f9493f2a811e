// Commands that rearrange Sheet1's rows: insert a row, delete a row, cut and paste rows, and Data ▸ Sort
// range of the identifier column alone. A moved row is not an edit: it buys nothing, and a later refresh of
// new rows only buys nothing for it. Identifiers sorted apart from their values are edits: a refresh buys
// them or fills them from what was bought, or their Status says why (check.ts, after a refresh).
import { checkAll, type Real } from "./check.ts";
import type { Model } from "./model.ts";
import { SetIds } from "./sheet-commands.ts";
import type { Cmd } from "./steps.ts";
import { FIRST_ROW, LAST_ROW, poolIndex, ROWS } from "./world.ts";

/**
 * The rows the add-on wrote follow their cells: `from[i]` is the index row i held before the change, or -1
 * for a row new to rows 2–7 (inserted, or moved up from below), which the add-on never wrote.
 */
export function followRows(r: Real, from: number[], edge: "push" | "pull" | null = null): void {
  for (const block of r.blocks.values()) {
    const writtenFor = [...block.writtenFor];
    const previous = [...block.previous];
    block.below ??= [];
    // An insert pushes row 7 out of view, a deletion pulls the nearest such row back in as row 7.
    if (edge === "push") block.below.unshift([writtenFor[ROWS - 1]!, previous[ROWS - 1]!]);
    const back = edge === "pull" ? block.below.shift() : undefined;
    const none = undefined as unknown as string;
    block.writtenFor = from.map((i) => (i < 0 ? (back?.[0] ?? none) : writtenFor[i]!));
    block.previous = from.map((i) => (i < 0 ? (back?.[1] ?? none) : previous[i]!));
  }
}

function readIds(m: Model, r: Real): void {
  const column = r.world.gas.sheet(r.target).values(`A${FIRST_ROW}:A${LAST_ROW}`);
  m.ids1 = column.map(([v]) => (v === "" || v == null ? -1 : poolIndex(r.world, String(v))));
}

/** Insert 1 row above Sheet1 row 2+at: rows below move down; only while row 7 is blank, so none leaves A2:A7. */
export class InsertRow implements Cmd {
  constructor(readonly at: number) {}
  check(m: Readonly<Model>): boolean {
    return m.ids1[ROWS - 1] === -1 && new SetIds("Sheet1", 0, []).check(m);
  }
  run(m: Model, r: Real): void {
    m.now = r.world.gas.clock.now();
    r.world.gas.sheet(r.target).insertRows(FIRST_ROW + this.at, 1);
    const from = Array.from({ length: ROWS }, (_, i) => (i < this.at ? i : i === this.at ? -1 : i - 1));
    followRows(r, from, "push");
    m.ids1 = from.map((i) => (i < 0 ? -1 : m.ids1[i]!));
    checkAll(r, m);
  }
  toString(): string {
    return `insert a row above Sheet1 row ${FIRST_ROW + this.at}`;
  }
}

/** Delete Sheet1 row 2+at: rows below move up; row 8 (blank) comes into A2:A7. */
export class DeleteRow implements Cmd {
  constructor(readonly at: number) {}
  check(m: Readonly<Model>): boolean {
    return new SetIds("Sheet1", 0, []).check(m);
  }
  run(m: Model, r: Real): void {
    m.now = r.world.gas.clock.now();
    r.world.gas.sheet(r.target).deleteRows(FIRST_ROW + this.at, 1);
    const from = Array.from({ length: ROWS }, (_, i) => (i < this.at ? i : i + 1 < ROWS ? i + 1 : -1));
    followRows(r, from, "pull");
    m.ids1 = from.map((i) => (i < 0 ? -1 : m.ids1[i]!));
    checkAll(r, m);
  }
  toString(): string {
    return `delete Sheet1 row ${FIRST_ROW + this.at}`;
  }
}

/** The order of rows 2–7 after moving `count` rows from index `from` to before index `before`. */
export function movedOrder(from: number, count: number, before: number): number[] {
  const order = Array.from({ length: ROWS }, (_, i) => i);
  const block = order.splice(from, count);
  const at = before > from ? before - count : before;
  order.splice(at, 0, ...block);
  return order;
}

/** Cut Sheet1 rows and paste them elsewhere in A2:A7 (Sheet.moveRows): whole rows travel, nothing is edited. */
export class MoveRows implements Cmd {
  constructor(
    readonly from: number,
    readonly count: number,
    readonly before: number,
  ) {}
  check(): boolean {
    const last = this.from + this.count - 1;
    return last < ROWS && !(this.before >= this.from && this.before <= last + 1);
  }
  run(m: Model, r: Real): void {
    m.now = r.world.gas.clock.now();
    r.world.gas.sheet(r.target).moveRows(FIRST_ROW + this.from, this.count, FIRST_ROW + this.before);
    const from = movedOrder(this.from, this.count, this.before);
    followRows(r, from);
    m.ids1 = from.map((i) => m.ids1[i]!);
    checkAll(r, m);
  }
  toString(): string {
    const last = FIRST_ROW + this.from + this.count - 1;
    return `cut Sheet1 rows ${FIRST_ROW + this.from}–${last} and paste them above row ${FIRST_ROW + this.before}`;
  }
}

/** Data ▸ Sort range of Sheet1!A2:A7 alone: identifiers move, the values beside them stay (each row is edited). */
export class SortIdentifiers implements Cmd {
  constructor(readonly ascending: boolean) {}
  check(m: Readonly<Model>): boolean {
    return new SetIds("Sheet1", 0, []).check(m);
  }
  run(m: Model, r: Real): void {
    m.now = r.world.gas.clock.now();
    r.world.gas.sheet(r.target).sortRange(`A${FIRST_ROW}:A${LAST_ROW}`, { ascending: this.ascending });
    readIds(m, r);
    checkAll(r, m);
  }
  toString(): string {
    return `sort the range Sheet1!A2:A7 alone ${this.ascending ? "A→Z" : "Z→A"}`;
  }
}
