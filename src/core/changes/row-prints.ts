// Per-row fingerprints of the identifiers a rule last enriched, and which rows are new or edited since.

import { fnv1a32 } from "../caches/hash";
import type { OrganizationRead } from "../organizations/identifiers";

/**
 * One short hash per row of its identifier (the canonical key, or "blank"/"invalid") and the values in its
 * output cells, joined with ",": about 7 characters a row, so 10,000 rows take ~70 KB of a hidden sheet,
 * never a property. The values make a row that moved (a sort carries the identifier and its values along)
 * recognisable where it lands, and an identifier edited in place (the values are the old organization's)
 * new.
 */
export function rowPrints(
  reads: readonly OrganizationRead[],
  outputs?: readonly (readonly unknown[])[],
): string {
  return reads.map((read, offset) => rowPrint(read, outputs?.[offset])).join(",");
}

export function rowPrint(read: OrganizationRead, outputs: readonly unknown[] = []): string {
  const id = read.kind === "org" ? read.key : read.kind;
  return fnv1a32([id, ...outputs.map(cellKey)].join("\n")).toString(36);
}

function cellKey(value: unknown): string {
  if (Object.prototype.toString.call(value) === "[object Date]") return `d${(value as Date).getTime()}`;
  return `${typeof value}:${String(value ?? "")}`;
}

/**
 * Which rows (offsets into `reads`) a "new rows only" run buys: rows holding an organization whose print
 * (see rowPrints; `outputs` the rows' output cells now) is neither at the same row as last run nor left
 * over anywhere else among last run's rows (then the row moved with its values: a sort, or rows inserted or
 * deleted above it). `previous` null: every organization row.
 */
export function newRowOffsets(
  reads: readonly OrganizationRead[],
  previous: string | null,
  outputs?: readonly (readonly unknown[])[],
): number[] {
  const offsets: number[] = [];
  if (previous === null) {
    reads.forEach((read, offset) => {
      if (read.kind === "org") offsets.push(offset);
    });
    return offsets;
  }
  const before = previous === "" ? [] : previous.split(",");
  const prints = reads.map((read, offset) => rowPrint(read, outputs?.[offset]));
  // Rows unchanged in place first, then each remaining print matched once against last run's leftovers.
  const left = new Map<string, number>();
  before.forEach((print, offset) => {
    if (prints[offset] !== print) left.set(print, (left.get(print) ?? 0) + 1);
  });
  reads.forEach((read, offset) => {
    const print = prints[offset] as string;
    if (read.kind !== "org" || before[offset] === print) return;
    const moved = left.get(print) ?? 0;
    if (moved > 0) left.set(print, moved - 1);
    else offsets.push(offset);
  });
  return offsets;
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
