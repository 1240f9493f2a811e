// "Did you mean …?": the valid names nearest to a mistyped one, for messages that explain themselves.

/** How many edits (insert, delete, change, swap of neighbours) turn `a` into `b`. */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (d[i - 1]![j] as number) + 1,
        (d[i]![j - 1] as number) + 1,
        (d[i - 1]![j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (d[i - 2]![j - 2] as number) + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length] as number;
}

// Spaces, dashes and case are how people and the service differ most: "Employee count" is employee_count.
const fold = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

/**
 * Up to `max` valid names close enough to be what was meant (at most a third of the name's length in
 * edits, or one containing the other), nearest first; none when nothing is close.
 */
export function nearestNames(given: string, valid: readonly string[], max = 3): string[] {
  const wanted = fold(given);
  if (wanted === "") return [];
  const scored = valid.map((name) => {
    const folded = fold(name);
    const contains =
      folded.length >= 3 && wanted.length >= 3 && (folded.includes(wanted) || wanted.includes(folded));
    return { name, distance: contains ? 0.5 : editDistance(wanted, folded), folded };
  });
  const limit = Math.max(1, Math.floor(wanted.length / 3));
  return scored
    .filter((s) => s.distance <= limit)
    .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name))
    .slice(0, max)
    .map((s) => s.name);
}

/** " Did you mean "industry"?" (or two or three names), or "" when no valid name is close. */
export function didYouMean(given: string, valid: readonly string[]): string {
  return didYouMeanAny(nearestNames(given, valid));
}

/** " Did you mean "a" or "b"?" for names already chosen, or "" for none. */
export function didYouMeanAny(near: readonly string[]): string {
  if (near.length === 0) return "";
  const quoted = near.map((n) => `"${n}"`);
  const list =
    quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(", ")} or ${quoted[quoted.length - 1]}`;
  return ` Did you mean ${list}?`;
}
