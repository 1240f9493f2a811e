// FNV-1a, 32 bits, over UTF-8: a small, stable string hash for picking cache buckets (no crypto needed).
import { forEachUtf8Byte } from "./utf8";

const OFFSET_BASIS = 0x811c9dc5;
const PRIME = 0x01000193;

/** The FNV-1a hash of the UTF-8 bytes of `text`, as an unsigned 32-bit integer. */
export function fnv1a32(text: string): number {
  let hash = OFFSET_BASIS;
  forEachUtf8Byte(text, (byte) => {
    hash = Math.imul(hash ^ byte, PRIME);
  });
  return hash >>> 0;
}
