// Where each row's output cells sat at the last run, found by the cells themselves: rows inserted or deleted above.

function hasValue(cells: readonly unknown[] | undefined): cells is readonly unknown[] {
  return cells?.some((cell) => cell !== "" && cell !== null && cell !== undefined) === true;
}

function key(cells: readonly unknown[]): string {
  return cells
    .map((cell) =>
      Object.prototype.toString.call(cell) === "[object Date]"
        ? `d${(cell as Date).getTime()}`
        : `${typeof cell}:${String(cell ?? "")}`,
    )
    .join("\n");
}

/**
 * Rows (offsets now → offsets at the last run) whose output cells are not the ones the hidden copy holds at
 * their place but are the ones it holds at another: the cells moved with their row (rows inserted or deleted
 * above, a sort of whole rows), whatever happened to the identifier column (sorted on its own, say). The
 * copy is kept at the addresses the add-on wrote, so without this a refresh takes every row below an insert
 * for cells someone typed and leaves the values of the row above it. `written`: the copy's cells, read
 * before any write. Cells found at no other place are left as they are (someone's edits, or new rows).
 * Rows shifted together keep their order: among equal cells, the place the row above came from decides.
 */
export function movedCells(
  outputs: readonly (readonly unknown[])[],
  written: readonly (readonly unknown[])[],
): Map<number, number> {
  const places = new Map<string, { offsets: number[]; next: number }>();
  written.forEach((cells, offset) => {
    if (!hasValue(cells)) return;
    const k = key(cells);
    const place = places.get(k) ?? { offsets: [], next: 0 };
    place.offsets.push(offset);
    places.set(k, place);
  });
  const taken = new Set<number>();
  const moved = new Map<number, number>();
  let shift = 0;
  outputs.forEach((cells, offset) => {
    if (!hasValue(cells)) return;
    const k = key(cells);
    const here = written[offset];
    if (hasValue(here) && key(here) === k) {
      taken.add(offset);
      return;
    }
    let from: number | undefined = offset - shift;
    const there = written[from];
    if (taken.has(from) || !hasValue(there) || key(there) !== k) from = firstFree(places.get(k), taken);
    if (from === undefined) return;
    taken.add(from);
    moved.set(offset, from);
    shift = offset - from;
  });
  return moved;
}

/** The first place of these cells no row took yet (each place is passed once, so the scan stays linear). */
function firstFree(
  place: { offsets: number[]; next: number } | undefined,
  taken: ReadonlySet<number>,
): number | undefined {
  if (!place) return undefined;
  while (place.next < place.offsets.length && taken.has(place.offsets[place.next] as number)) place.next++;
  return place.offsets[place.next];
}
