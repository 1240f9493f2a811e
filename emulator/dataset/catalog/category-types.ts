// The shape of the hand-written technology catalog tables.

/** [slug, name, vendor domain, popularity 1–100, ...aliases] */
export type TechRow = readonly [string, string, string, number, ...string[]];

export interface CategoryRow {
  slug: string;
  name: string;
  nameShort: string;
  businessFunction: string;
  /** Generic phrases in job posts that point at the category without naming a product. */
  evidence: readonly string[];
  technologies: readonly TechRow[];
}
