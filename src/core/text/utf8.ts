// UTF-8 byte counting and walking without TextEncoder: cache limits are in bytes, FNV-1a hashes bytes.

/**
 * Calls `visit` with each UTF-8 byte of `text`. Lone surrogates become U+FFFD, as TextEncoder does, so
 * counts and hashes agree with what the cache service stores.
 */
export function forEachUtf8Byte(text: string, visit: (byte: number) => void): void {
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (next >= 0xdc00 && next <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
        i++;
      } else {
        code = 0xfffd;
      }
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      code = 0xfffd;
    }
    if (code < 0x80) {
      visit(code);
    } else if (code < 0x800) {
      visit(0xc0 | (code >> 6));
      visit(0x80 | (code & 0x3f));
    } else if (code < 0x10000) {
      visit(0xe0 | (code >> 12));
      visit(0x80 | ((code >> 6) & 0x3f));
      visit(0x80 | (code & 0x3f));
    } else {
      visit(0xf0 | (code >> 18));
      visit(0x80 | ((code >> 12) & 0x3f));
      visit(0x80 | ((code >> 6) & 0x3f));
      visit(0x80 | (code & 0x3f));
    }
  }
}

export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else {
        bytes += 3;
      }
    } else bytes += 3;
  }
  return bytes;
}
