// Text helpers for generated identifiers: ASCII folding and slugs.

/** Lower-case ASCII letters and digits only ("Wiśniewski" → "wisniewski", "O'Brien" → "obrien"). */
export function asciiFold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/ł/g, "l")
    .replace(/[^a-z0-9 -]/g, "");
}

/** Kebab-case slug ("Northgate Systems Europe" → "northgate-systems-europe"). */
export function slugify(text: string): string {
  return asciiFold(text)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A short opaque code like the web app's links use ("TH2y9mGkRr1q"), derived from a number. */
export function opaqueCode(seed: number, length = 12): string {
  let state = seed >>> 0 || 1;
  let out = "";
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    out += BASE62[state % 62];
  }
  return out;
}
