// A run's purchase-record write, noted for the by-key shelf first: a run killed after its wave is written keeps the note.

/**
 * Formulas read the record only through its by-key shelf, which the next execution that flushes the log
 * brings up to date when a note says the record changed. Noted before the write, not when the run ends: a
 * run killed while writing the sheet never ends, and its later executions buy nothing to note, so a note
 * taken at the end would never be taken and every formula would buy the run's organizations again. Noted at
 * every wave: a flush between two waves clears the note the first one left.
 */
export function notedPut<A extends unknown[]>(
  note: () => void,
  put: (...args: A) => void,
): (...args: A) => void {
  return (...args) => {
    note();
    put(...args);
  };
}
