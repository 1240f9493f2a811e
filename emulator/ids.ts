// Response and request ids: version-4-style UUIDs from a seeded stream, so runs are reproducible.
import { hashSeed, Random } from "./dataset/prng.ts";

export class IdGenerator {
  private random: Random;

  constructor(private readonly seed: number) {
    this.random = new Random(hashSeed(seed, "ids"));
  }

  next(): string {
    const hex = this.random.hex(32).split("");
    hex[12] = "4";
    hex[16] = "89ab"[Number.parseInt(hex[16]!, 16) & 3]!;
    const s = hex.join("");
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }

  reset(): void {
    this.random = new Random(hashSeed(this.seed, "ids"));
  }
}
