// Fixed-size bit sets over organization indexes: the filter engine's indexes and intermediate results.

export class Bitset {
  readonly words: Uint32Array;

  constructor(
    readonly size: number,
    words?: Uint32Array,
  ) {
    this.words = words ?? new Uint32Array((size + 31) >>> 5);
  }

  static full(size: number): Bitset {
    const set = new Bitset(size);
    set.words.fill(0xffffffff);
    set.clearTail();
    return set;
  }

  set(index: number): void {
    this.words[index >>> 5]! |= 1 << (index & 31);
  }

  has(index: number): boolean {
    return (this.words[index >>> 5]! & (1 << (index & 31))) !== 0;
  }

  clone(): Bitset {
    return new Bitset(this.size, this.words.slice());
  }

  and(other: Bitset): Bitset {
    const out = this.clone();
    for (let i = 0; i < out.words.length; i++) out.words[i]! &= other.words[i]!;
    return out;
  }

  or(other: Bitset): Bitset {
    const out = this.clone();
    for (let i = 0; i < out.words.length; i++) out.words[i]! |= other.words[i]!;
    return out;
  }

  not(): Bitset {
    const out = this.clone();
    for (let i = 0; i < out.words.length; i++) out.words[i] = ~out.words[i]!;
    out.clearTail();
    return out;
  }

  andNot(other: Bitset): Bitset {
    const out = this.clone();
    for (let i = 0; i < out.words.length; i++) out.words[i]! &= ~other.words[i]!;
    return out;
  }

  count(): number {
    let total = 0;
    for (const word of this.words) {
      let v = word - ((word >>> 1) & 0x55555555);
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      total += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
    return total;
  }

  /** Set indexes in ascending order. */
  *[Symbol.iterator](): IterableIterator<number> {
    for (let w = 0; w < this.words.length; w++) {
      let word = this.words[w]!;
      while (word !== 0) {
        const bit = 31 - Math.clz32(word & -word);
        yield (w << 5) + bit;
        word &= word - 1;
      }
    }
  }

  private clearTail(): void {
    const extra = this.words.length * 32 - this.size;
    if (extra > 0) this.words[this.words.length - 1]! &= 0xffffffff >>> extra;
  }
}
