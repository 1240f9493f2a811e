// Which formula cells failed and why: Apps Script cannot read the message behind `#ERROR!`, so a failing
// custom function notes its sentence here (per sheet, oldest dropped past a budget) for Check this sheet.

/** The most cells one sheet's memory keeps: past it the oldest are dropped (those read "not noted"). */
export const MEMORY_CELLS = 2_000;

/** One sheet's memory: each sentence once, each cell (A1) with its sentence's index, oldest first. */
export interface ErrorMemory {
  reasons: string[];
  cells: [string, number][];
}

const EMPTY: ErrorMemory = { reasons: [], cells: [] };

/** The memory a stored text holds; anything unreadable reads as empty (a cache may lose or garble it). */
export function parseMemory(text: string | null): ErrorMemory {
  if (!text) return EMPTY;
  try {
    const parsed = JSON.parse(text) as ErrorMemory;
    const ok =
      Array.isArray(parsed.reasons) &&
      parsed.reasons.every((r) => typeof r === "string") &&
      Array.isArray(parsed.cells) &&
      parsed.cells.every(
        (c) =>
          Array.isArray(c) &&
          typeof c[0] === "string" &&
          Number.isInteger(c[1]) &&
          parsed.reasons[c[1]] !== undefined,
      );
    return ok ? parsed : EMPTY;
  } catch {
    return EMPTY;
  }
}

/** Rebuilt from cells and their sentences: only sentences some cell still has are kept. */
function build(entries: readonly [string, string][]): ErrorMemory {
  const reasons: string[] = [];
  const index = new Map<string, number>();
  const cells: [string, number][] = entries.map(([a1, reason]) => {
    let i = index.get(reason);
    if (i === undefined) {
      i = reasons.push(reason) - 1;
      index.set(reason, i);
    }
    return [a1, i];
  });
  return { reasons, cells };
}

/** Each cell's sentence. */
export function reasonsByCell(memory: ErrorMemory): Map<string, string> {
  return new Map(memory.cells.map(([a1, i]) => [a1, memory.reasons[i]!]));
}

/** Notes `a1`'s sentence, newest last; past `budget` cells the oldest go. */
export function remember(
  memory: ErrorMemory,
  a1: string,
  reason: string,
  budget = MEMORY_CELLS,
): ErrorMemory {
  const entries = [...reasonsByCell(memory)].filter(([cell]) => cell !== a1);
  entries.push([a1, reason]);
  return build(entries.slice(Math.max(0, entries.length - budget)));
}

/** Only the cells still failing: a cell that since answered (or was cleared) is forgotten. */
export function prune(memory: ErrorMemory, failing: ReadonlySet<string>): ErrorMemory {
  return build([...reasonsByCell(memory)].filter(([a1]) => failing.has(a1)));
}
