// How the add-on's record sheets keep long JSON in cells: marked text, cut under Sheets' 50,000 a cell.

/** Every cell starts with this, so Sheets keeps it as the text written (never a number, date or formula). */
export const MARK = ">";
/** Characters of one piece per cell, under Sheets' 50,000 a cell once the mark is added. */
export const PIECE_CHARS = 40_000;

/** `text` in pieces of at most PIECE_CHARS, never between the two halves of a character outside the BMP. */
export function cut(text: string): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < text.length; ) {
    let end = Math.min(at + PIECE_CHARS, text.length);
    const code = text.charCodeAt(end - 1);
    if (end < text.length && code >= 0xd800 && code <= 0xdbff) end--;
    pieces.push(text.slice(at, end));
    at = end;
  }
  return pieces;
}

/** A cell's text without its mark; null for a cell the add-on did not write (or someone typed over). */
export function unmarked(cell: unknown): string | null {
  return typeof cell === "string" && cell.startsWith(MARK) ? cell.slice(MARK.length) : null;
}
