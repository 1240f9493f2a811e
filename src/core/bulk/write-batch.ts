// A wave's writes held back and sent as few blocks as Sheets allows: adjacent blocks go in one setValues.
import type { CellValue } from "../sheet/port";

/** One setValues: `values` from (row, column), 1-based. */
export interface Block {
  row: number;
  column: number;
  values: CellValue[][];
}

function height(b: Block): number {
  return b.values.length;
}

function width(b: Block): number {
  return b.values[0]?.length ?? 0;
}

function overlap(a: Block, b: Block): boolean {
  return (
    a.row < b.row + height(b) &&
    b.row < a.row + height(a) &&
    a.column < b.column + width(b) &&
    b.column < a.column + width(a)
  );
}

/** `b` sits right beside `a` (same rows) or right below it (same columns): one rectangle together. */
function join(a: Block, b: Block): Block | null {
  if (a.row === b.row && height(a) === height(b) && a.column + width(a) === b.column)
    return {
      row: a.row,
      column: a.column,
      values: a.values.map((line, r) => [...line, ...(b.values[r] ?? [])]),
    };
  if (a.column === b.column && width(a) === width(b) && a.row + height(a) === b.row)
    return { row: a.row, column: a.column, values: [...a.values, ...b.values] };
  return null;
}

/**
 * The fewest rectangles covering `blocks`: a chunk's values and its Status column beside them become one
 * block, then a wave's chunks one below the other one. Blocks that overlap are left as they are, in their
 * order, since a later one must land over an earlier one.
 */
export function mergeBlocks(blocks: readonly Block[]): Block[] {
  const live = blocks.filter((b) => height(b) > 0 && width(b) > 0);
  for (let i = 0; i < live.length; i++)
    for (let j = i + 1; j < live.length; j++) if (overlap(live[i] as Block, live[j] as Block)) return live;
  // Beside first (a chunk's own columns), then below (the chunks of a wave), each until nothing joins.
  const merged = joinAll(joinAll(live, "beside"), "below");
  return merged;
}

function joinAll(blocks: Block[], way: "beside" | "below"): Block[] {
  const sorted = [...blocks].sort((a, b) =>
    way === "beside" ? a.row - b.row || a.column - b.column : a.column - b.column || a.row - b.row,
  );
  const out: Block[] = [];
  for (const block of sorted) {
    const last = out[out.length - 1];
    const joined = last ? join(last, block) : null;
    const fits =
      joined !== null &&
      last !== undefined &&
      (way === "beside" ? last.row === block.row : last.column === block.column);
    if (fits) out[out.length - 1] = joined as Block;
    else out.push(block);
  }
  return out;
}
