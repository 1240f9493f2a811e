// Precomputed indexes over all organizations, so filters over 50,000 of them take milliseconds.

import { Bitset } from "../query/bitset.ts";
import { COUNTRIES } from "./catalog/geography.ts";
import { INDUSTRIES } from "./catalog/industries.ts";
import { JOB_FUNCTIONS } from "./catalog/job-functions.ts";
import { PROJECTS } from "./catalog/projects.ts";
import { TECH_CATALOG } from "./catalog/technologies.ts";
import type { Organization } from "./types.ts";

// Bit sets per technology, job function, project, country, industry and tag, typed arrays for numeric
// columns. Technology, job function, project and hiring figures include subsidiaries, like rollup counts.
export interface OrgIndex {
  size: number;
  byTech: Bitset[];
  /** A function's set includes organizations with any of its child functions. */
  byJobFunction: Bitset[];
  byProject: Bitset[];
  byCountry: Bitset[];
  byIndustry: Bitset[];
  byTag: Map<string, Bitset>;
  closed: Bitset;
  employeeCount: Int32Array;
  /** Newest job post day of the organization or any subsidiary (0 when none). */
  lastPostDay: Int32Array;
}

export function buildOrgIndex(orgs: readonly Organization[]): OrgIndex {
  const size = orgs.length;
  const make = (n: number) => Array.from({ length: n }, () => new Bitset(size));
  const index: OrgIndex = {
    size,
    byTech: make(TECH_CATALOG.technologies.length),
    byJobFunction: make(JOB_FUNCTIONS.length),
    byProject: make(PROJECTS.length),
    byCountry: make(COUNTRIES.length),
    byIndustry: make(INDUSTRIES.length),
    byTag: new Map(),
    closed: new Bitset(size),
    employeeCount: new Int32Array(size),
    lastPostDay: new Int32Array(size),
  };
  for (const org of orgs) {
    const i = org.index;
    index.byCountry[org.country]!.set(i);
    index.byIndustry[org.industry]!.set(i);
    for (const tag of org.tags) {
      const set = index.byTag.get(tag) ?? new Bitset(size);
      index.byTag.set(tag, set);
      set.set(i);
    }
    if (org.status === "closed") index.closed.set(i);
    index.employeeCount[i] = org.employeeCount;
    // Activity counts for the organization itself and for its parent (rollup).
    for (const target of org.parentIndex >= 0 ? [i, org.parentIndex] : [i]) {
      for (const tech of org.techs) index.byTech[tech]!.set(target);
      for (const jf of org.jobFunctions)
        for (const a of JOB_FUNCTIONS[jf]!.ancestry) index.byJobFunction[a]!.set(target);
      for (const project of org.projects) index.byProject[project]!.set(target);
      index.lastPostDay[target] = Math.max(index.lastPostDay[target]!, org.lastPostDay);
    }
  }
  return index;
}
