// Per-row fingerprints of the identifiers a rule last enriched, and which rows are new or edited since.

import type { OrganizationRead } from "../organizations/identifiers";
import { fnv1a32 } from "../text/hash";

/**
 * Two short hashes per row, "<identifier>.<identifier and values>", rows joined with ",": about 14
 * characters a row, so 10,000 rows take ~140 KB of a hidden sheet, never a property. The identifier's
 * (its canonical key, or "blank"/"invalid") tells a row left in place, whatever was typed beside it; the
 * one with the values in the row's output cells tells a row that moved (a sort carries the identifier
 * and its values along) from an identifier edited in place (it sits beside the old organization's values).
 */
export function rowPrints(
  reads: readonly OrganizationRead[],
  outputs?: readonly (readonly unknown[])[],
): string {
  return reads.map((read, offset) => rowPrint(read, outputs?.[offset])).join(",");
}

export function rowPrint(read: OrganizationRead, outputs: readonly unknown[] = []): string {
  const id = read.kind === "org" ? read.key : read.kind;
  const whole = [id, ...outputs.map(cellKey)].join("\n");
  return `${fnv1a32(id).toString(36)}.${fnv1a32(whole).toString(36)}`;
}

/** A stray print's second part: no hash is "!", so it never matches the row as it is. */
const STRAY = "!";

/**
 * The print of a row whose identifier the run had but which sits beside values not its own (its identifier
 * edited to another organization the run bought, or sorted apart from its values): never in place, so a
 * "new rows only" run refreshes it; filled free from what was bought (knownRows), since it names a known
 * identifier.
 */
export function strayPrint(read: OrganizationRead): string {
  return `${fnv1a32(read.kind === "org" ? read.key : read.kind).toString(36)}.${STRAY}`;
}

export function isStray(print: string): boolean {
  return parts(print).whole === STRAY;
}

function cellKey(value: unknown): string {
  if (Object.prototype.toString.call(value) === "[object Date]") return `d${(value as Date).getTime()}`;
  return `${typeof value}:${String(value ?? "")}`;
}

function parts(print: string | undefined): { id: string; whole: string } {
  const [id = "", whole = ""] = (print ?? "").split(".");
  return { id, whole };
}

/**
 * Which rows (offsets into `reads`) a "new rows only" run buys: rows holding an organization that is not
 * the one its row held last run, and whose identifier and values are not left over from another row of
 * last run (then the row moved: a sort, or rows inserted or deleted above it). `outputs`: the rows'
 * output cells now. `previous` null (no run yet): every organization row.
 */
export function newRowOffsets(
  reads: readonly OrganizationRead[],
  previous: string | null,
  outputs?: readonly (readonly unknown[])[],
  cellsFrom?: ReadonlyMap<number, number>,
): number[] {
  return compareRows(reads, previous, outputs, cellsFrom).fresh;
}

/**
 * Rows that moved since the last run (a sort, rows inserted or deleted above): each offset now, with the
 * offset its print had last run, whose identifier and values it carries.
 */
export function movedRows(
  reads: readonly OrganizationRead[],
  previous: string | null,
  outputs?: readonly (readonly unknown[])[],
  cellsFrom?: ReadonlyMap<number, number>,
): Map<number, number> {
  return compareRows(reads, previous, outputs, cellsFrom).moved;
}

/**
 * `cellsFrom` (offset now → offset last run, see moved-cells.ts): rows whose output cells came from another
 * place. Such a row whose identifier is by chance the one its place held last run (the identifier column
 * sorted alone, then rows inserted above) sits beside another organization's values: it is not in place.
 */
function compareRows(
  reads: readonly OrganizationRead[],
  previous: string | null,
  outputs?: readonly (readonly unknown[])[],
  cellsFrom?: ReadonlyMap<number, number>,
): { fresh: number[]; moved: Map<number, number> } {
  const fresh: number[] = [];
  const moved = new Map<number, number>();
  if (previous === null) {
    reads.forEach((read, offset) => {
      if (read.kind === "org") fresh.push(offset);
    });
    return { fresh, moved };
  }
  const before = (previous === "" ? [] : previous.split(",")).map(parts);
  const now = reads.map((read, offset) => parts(rowPrint(read, outputs?.[offset])));
  const inPlace = (offset: number) => {
    const id = now[offset]?.id;
    const from = cellsFrom?.get(offset);
    return (
      before[offset]?.id === id &&
      before[offset]?.whole !== STRAY &&
      (from === undefined || before[from]?.id === id)
    );
  };
  // Last run's rows whose place now holds another identifier: where moved rows came from.
  const left = new Map<string, number[]>();
  before.forEach((print, offset) => {
    if (inPlace(offset)) return;
    const from = left.get(print.whole) ?? [];
    from.push(offset);
    left.set(print.whole, from);
  });
  reads.forEach((read, offset) => {
    if (read.kind !== "org" || inPlace(offset)) return;
    const from = left.get((now[offset] as { whole: string }).whole)?.shift();
    if (from === undefined) fresh.push(offset);
    else moved.set(offset, from);
  });
  return { fresh, moved };
}

/** Offsets (ascending) as runs, "0-4,200-239": a run's selection of rows kept small in its job record. */
export function encodeOffsets(offsets: readonly number[]): string {
  const runs: string[] = [];
  let i = 0;
  while (i < offsets.length) {
    const first = offsets[i] as number;
    let last = first;
    while (offsets[i + 1] === last + 1) {
      last++;
      i++;
    }
    runs.push(first === last ? `${first}` : `${first}-${last}`);
    i++;
  }
  return runs.join(",");
}

/** Whether an offset is among those encodeOffsets wrote. */
export function offsetTest(encoded: string): (offset: number) => boolean {
  const offsets = new Set<number>();
  for (const run of encoded === "" ? [] : encoded.split(",")) {
    const [first = 0, last = first] = run.split("-").map(Number);
    for (let offset = first; offset <= last; offset++) offsets.add(offset);
  }
  return (offset) => offsets.has(offset);
}
