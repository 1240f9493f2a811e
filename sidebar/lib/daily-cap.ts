// The daily cap field: empty means no cap; the input's own number validation rejects anything else.

export function capToText(cap: number | null): string {
  return cap === null ? "" : String(cap);
}

/** The cap the field holds: null when empty. Call only when the input reports itself valid. */
export function textToCap(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === "" ? null : Number(trimmed);
}
