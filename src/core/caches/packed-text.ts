// A small LZW packing of text into 6-bit ASCII, for document properties (counted in UTF-8 bytes) on a V8
// without TextEncoder: any UTF-16 string round-trips, lone surrogates included.

/** 64 characters, one byte each in UTF-8; a value's index is its 6 bits. */
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const INDEX = new Map([...ALPHABET].map((c, i) => [c, i]));

/** Codes 0 and 1 introduce a character not met before (its 8 or 16 bits follow); 2 ends the text. */
const BYTE = 0;
const WIDE = 1;
const END = 2;
const FIRST_PHRASE = 3;

/** Bits that hold every code up to `next`. */
function width(next: number): number {
  return 32 - Math.clz32(next);
}

class BitWriter {
  private out: string[] = [];
  private acc = 0;
  private bits = 0;

  write(value: number, count: number): void {
    this.acc = (this.acc << count) | value;
    this.bits += count;
    while (this.bits >= 6) {
      this.bits -= 6;
      this.out.push(ALPHABET.charAt((this.acc >> this.bits) & 63));
    }
    this.acc &= (1 << this.bits) - 1;
  }

  text(): string {
    if (this.bits > 0) this.out.push(ALPHABET.charAt(this.acc << (6 - this.bits)));
    return this.out.join("");
  }
}

class BitReader {
  private pos = 0;
  private acc = 0;
  private bits = 0;

  constructor(private readonly text: string) {}

  /** The next `count` bits, or null past the end or at a character outside the alphabet. */
  read(count: number): number | null {
    while (this.bits < count) {
      const six = INDEX.get(this.text.charAt(this.pos++));
      if (six === undefined) return null;
      this.acc = (this.acc << 6) | six;
      this.bits += 6;
    }
    this.bits -= count;
    const value = (this.acc >> this.bits) & ((1 << count) - 1);
    this.acc &= (1 << this.bits) - 1;
    return value;
  }
}

/**
 * `text` packed: phrases met before become one code, whose width grows with the dictionary. A phrase is
 * known by its prefix's code and last code unit (never hashed as a string: text is packed in linear time).
 */
export function packText(text: string): string {
  const out = new BitWriter();
  const chars = new Map<number, number>();
  const phrases = new Map<number, number>();
  let next = FIRST_PHRASE;
  // The phrase being read: its code, or (a character not met before) its code unit.
  let code = -1;
  let fresh = -1;
  const start = (unit: number) => {
    code = chars.get(unit) ?? -1;
    fresh = code === -1 ? unit : -1;
  };
  const emit = () => {
    if (fresh === -1) {
      out.write(code, width(next));
      return;
    }
    // A character not met before: its own code comes after it.
    const wide = fresh > 0xff;
    out.write(wide ? WIDE : BYTE, width(next));
    out.write(fresh, wide ? 16 : 8);
    chars.set(fresh, next);
    code = next++;
  };
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (i === 0) {
      start(unit);
      continue;
    }
    const longer = fresh === -1 ? phrases.get(code * 65_536 + unit) : undefined;
    if (longer !== undefined) {
      code = longer;
      continue;
    }
    emit();
    phrases.set(code * 65_536 + unit, next++);
    start(unit);
  }
  if (text !== "") emit();
  // The reader, one phrase behind, counts the phrase it would add next.
  out.write(END, width(text === "" ? next : next + 1));
  return out.text();
}

/** The text `packed` holds, or null when it is not a whole packing (cut short, altered, another format). */
export function unpackText(packed: string): string | null {
  const input = new BitReader(packed);
  const dict: string[] = [];
  const parts: string[] = [];
  let next = FIRST_PHRASE;
  let previous: string | null = null;
  for (;;) {
    const code = input.read(width(previous === null ? next : next + 1));
    if (code === null) return null;
    if (code === END) return parts.join("");
    let phrase: string;
    const literal = code === BYTE || code === WIDE;
    if (literal) {
      const unit = input.read(code === WIDE ? 16 : 8);
      if (unit === null) return null;
      phrase = String.fromCharCode(unit);
    } else if (code < next) {
      phrase = dict[code] as string;
    } else if (code === next && previous !== null) {
      phrase = previous + previous.charAt(0);
    } else {
      return null;
    }
    // In the writer's order: the phrase before this one and this one's first character, then a new character.
    if (previous !== null) dict[next++] = previous + phrase.charAt(0);
    if (literal) dict[next++] = phrase;
    parts.push(phrase);
    previous = phrase;
  }
}
