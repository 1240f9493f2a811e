// Resolves list-mode inputs to organizations: id or slug, then domain, then name, location breaking ties.
import { findCountry } from "./catalog/geography.ts";
import { asciiFold } from "./text.ts";
import type { Organization } from "./types.ts";

const LEGAL_SUFFIXES = new Set([
  "inc",
  "incorporated",
  "llc",
  "ltd",
  "limited",
  "gmbh",
  "corp",
  "corporation",
  "co",
  "company",
  "plc",
  "sa",
  "ag",
  "bv",
  "nv",
  "srl",
  "spa",
  "pty",
  "oy",
  "ab",
  "as",
  "kk",
]);

/** Lower-case words of a name without punctuation or legal suffixes ("Northgate Systems, Inc." → "northgate systems"). */
export function normalizeName(name: string): string {
  const words = asciiFold(name.replace(/&/g, " and "))
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  while (words.length > 1 && LEGAL_SUFFIXES.has(words[words.length - 1]!)) words.pop();
  return words.join(" ");
}

/** The bare host of a URL or domain ("https://www.Example.com/about" → "example.com"). */
export function normalizeDomain(url: string): string {
  return url
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, "")
    .replace(/^[^@/]*@/, "")
    .replace(/[/?#].*$/, "")
    .replace(/:\d+$/, "")
    .replace(/^www\./, "")
    .replace(/\.$/, "");
}

export interface OrgInput {
  id?: number | null;
  slug?: string | null;
  name?: string | null;
  url?: string | null;
  location?: string | null;
}

export class OrgLookup {
  private readonly byId = new Map<number, Organization>();
  private readonly bySlug = new Map<string, Organization>();
  private readonly byDomain = new Map<string, Organization>();
  private readonly byName = new Map<string, Organization[]>();
  private readonly byFirstWord = new Map<string, Organization[]>();

  constructor(orgs: readonly Organization[]) {
    for (const org of orgs) {
      this.byId.set(org.id, org);
      this.bySlug.set(org.slug, org);
      this.byDomain.set(org.domain, org);
      const name = normalizeName(org.name);
      push(this.byName, name, org);
      push(this.byFirstWord, name.split(" ")[0]!, org);
    }
  }

  byIdentifier(id: number): Organization | undefined {
    return this.byId.get(id);
  }

  bySlugKey(slug: string): Organization | undefined {
    return this.bySlug.get(slug.trim().toLowerCase());
  }

  /** The organization an input row names, or undefined when nothing matches. */
  match(input: OrgInput): Organization | undefined {
    if (input.id != null) return this.byId.get(input.id);
    if (input.slug) return this.bySlugKey(input.slug);
    if (input.url) {
      const found = this.matchDomain(normalizeDomain(input.url));
      if (found) return found;
    }
    if (input.name) return this.matchName(input.name, input.location ?? undefined);
    return undefined;
  }

  private matchDomain(domain: string): Organization | undefined {
    // careers.example.com → example.com: subdomains of a known site belong to it.
    for (let host = domain; host.includes("."); host = host.slice(host.indexOf(".") + 1)) {
      const org = this.byDomain.get(host);
      if (org) return org;
    }
    return undefined;
  }

  private matchName(name: string, location: string | undefined): Organization | undefined {
    const wanted = normalizeName(name);
    if (!wanted) return undefined;
    let candidates = this.byName.get(wanted) ?? [];
    if (candidates.length === 0) {
      // "Northgate" finds "Northgate Systems": names that start with the input's words.
      candidates = (this.byFirstWord.get(wanted.split(" ")[0]!) ?? []).filter((org) =>
        `${normalizeName(org.name)} `.startsWith(`${wanted} `),
      );
    }
    if (location) {
      const country = findCountry(location.split(",").pop() ?? location);
      const local = candidates.filter((org) => org.country === country?.index);
      if (local.length > 0) candidates = local;
    }
    return [...candidates].sort((a, b) => b.employeeCount - a.employeeCount || a.id - b.id)[0];
  }
}

function push(map: Map<string, Organization[]>, key: string, org: Organization): void {
  const list = map.get(key);
  if (list) list.push(org);
  else map.set(key, [org]);
}
