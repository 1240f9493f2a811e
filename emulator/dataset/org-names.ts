// Unique, plausible names, slugs and domains for generated organizations.
import { NAME_HEADS, NAME_TAILS } from "./catalog/names.ts";
import type { Random } from "./prng.ts";
import { asciiFold, slugify } from "./text.ts";

export class NameRegistry {
  private readonly names = new Set<string>();
  private readonly slugs = new Set<string>();
  private readonly domains = new Set<string>();

  /** A fresh company name: a compound word, often followed by an industry word. */
  companyName(random: Random, suffixes: readonly string[]): { name: string; stem: string; suffix: string } {
    for (let attempt = 0; ; attempt++) {
      const stem = random.pick(NAME_HEADS) + random.pick(NAME_TAILS);
      const suffix = random.chance(0.75) ? random.pick(suffixes) : "";
      let name = suffix ? `${stem} ${suffix}` : stem;
      if (attempt > 6)
        name = `${name} ${["Group", "Holdings", "Co", "International", "Worldwide"][attempt % 5]}`;
      if (attempt > 12) name = `${name} ${attempt}`;
      if (this.claimName(name)) return { name, stem, suffix };
    }
  }

  /** Claims an exact name; false when it is taken. */
  claimName(name: string): boolean {
    const key = name.toLowerCase();
    if (this.names.has(key)) return false;
    this.names.add(key);
    return true;
  }

  release(name: string, slug: string, domain: string): void {
    this.names.delete(name.toLowerCase());
    this.slugs.delete(slug);
    this.domains.delete(domain);
  }

  slug(name: string): string {
    const base = slugify(name);
    let slug = base;
    for (let n = 2; this.slugs.has(slug); n++) slug = `${base}-${n}`;
    this.slugs.add(slug);
    return slug;
  }

  /** The first free domain among the usual shapes (short stem first for some companies). */
  domain(random: Random, stem: string, suffix: string, tlds: readonly string[]): string {
    const short = asciiFold(stem).replace(/[^a-z0-9]/g, "");
    const long = short + asciiFold(suffix).replace(/[^a-z0-9]/g, "");
    const tld = random.pick(tlds);
    const candidates = random.chance(0.5)
      ? [short + tld, long + tld, `${long}.com`, `get${short}.com`, `${short}hq.com`]
      : [long + tld, short + tld, `${long}.com`, `${short}hq.com`, `get${long}.com`];
    for (const candidate of candidates) if (this.claimDomain(candidate)) return candidate;
    for (let n = 2; ; n++) if (this.claimDomain(`${long}${n}.com`)) return `${long}${n}.com`;
  }

  claimDomain(domain: string): boolean {
    if (this.domains.has(domain)) return false;
    this.domains.add(domain);
    return true;
  }
}
