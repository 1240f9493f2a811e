// The generated world: organizations and indexes (eager), records, signals and digest (lazy), lists.

import { epochDay } from "../dates.ts";
import { type ContactListSeed, generateContactLists, generateOrgLists, type OrgListSeed } from "./lists.ts";
import { generateOrgDetails } from "./org-details.ts";
import { buildOrgIndex, type OrgIndex } from "./org-index.ts";
import { OrgLookup } from "./org-lookup.ts";
import { generateOrganizations } from "./organizations.ts";
import { generatePrioritySignals, type PrioritySignalRecord } from "./priority-signals.ts";
import { hashSeed } from "./prng.ts";
import { decodePersonId, decodePostId, decodeTeamId, type RecordRef } from "./record-ids.ts";
import { SIGNAL_CONFIGS, type SignalConfigRecord } from "./signal-configs.ts";
import { generateSignals, SIGNAL_WINDOW_DAYS, type SignalRecord } from "./signals.ts";
import type { JobPost, Organization, OrgDetails, Person, Team } from "./types.ts";

/** Generated records of at most this many organizations stay in memory; the rest are regenerated. */
const DETAIL_CACHE_SIZE = 5000;
/** Organizations (besides list members) that get signals: a seeded sample of the recently active ones. */
const SIGNAL_ORGS = 600;

export interface DatasetOptions {
  seed: number;
  orgs: number;
  /** Millisecond timestamp of "today": dates in the data are relative to it. */
  now: number;
}

export class Dataset {
  readonly seed: number;
  readonly today: number;
  readonly createdAt: number;
  readonly orgs: readonly Organization[];
  readonly index: OrgIndex;
  readonly lookup: OrgLookup;
  readonly orgLists: readonly OrgListSeed[];
  readonly contactLists: readonly ContactListSeed[];
  readonly signalConfigs: readonly SignalConfigRecord[] = SIGNAL_CONFIGS;
  private readonly detailCache = new Map<number, OrgDetails>();
  private signalCache?: { all: SignalRecord[]; byOrg: Map<number, SignalRecord[]> };
  private priorityCache?: PrioritySignalRecord[];

  constructor(options: DatasetOptions) {
    this.seed = options.seed;
    this.createdAt = options.now;
    this.today = epochDay(options.now);
    this.orgs = generateOrganizations(options.seed, options.orgs, this.today);
    this.index = buildOrgIndex(this.orgs);
    this.lookup = new OrgLookup(this.orgs);
    this.orgLists = generateOrgLists(this.orgs, options.seed);
    this.contactLists = generateContactLists(this.orgs, options.seed, this.orgLists[0]?.orgIndexes ?? []);
  }

  /** The organization's own records (generated on first use). */
  details(org: Organization): OrgDetails {
    const cached = this.detailCache.get(org.index);
    if (cached) return cached;
    const details = generateOrgDetails(org, this.seed, this.today);
    if (this.detailCache.size >= DETAIL_CACHE_SIZE) {
      this.detailCache.delete(this.detailCache.keys().next().value!);
    }
    this.detailCache.set(org.index, details);
    return details;
  }

  /** The organization and its subsidiaries: the records behind rollup figures. */
  rollup(org: Organization): Organization[] {
    return [org, ...org.subsidiaryIndexes.map((i) => this.orgs[i]!)];
  }

  person(id: number): Person | undefined {
    return this.record(decodePersonId(id), (d) => d.people);
  }

  post(id: number): JobPost | undefined {
    return this.record(decodePostId(id), (d) => d.posts);
  }

  team(id: number): Team | undefined {
    return this.record(decodeTeamId(id), (d) => d.teams);
  }

  private record<T>(ref: RecordRef | undefined, pick: (details: OrgDetails) => T[]): T | undefined {
    const org = ref ? this.orgs[ref.orgIndex] : undefined;
    return org ? pick(this.details(org))[ref!.index] : undefined;
  }

  /** Every signal, in generation order (ids ascending). */
  signals(): readonly SignalRecord[] {
    return this.signalIndex().all;
  }

  signalsOf(org: Organization): readonly SignalRecord[] {
    return this.signalIndex().byOrg.get(org.index) ?? [];
  }

  prioritySignals(): readonly PrioritySignalRecord[] {
    this.priorityCache ??= generatePrioritySignals(this.orgs, this.signals(), this.today);
    return this.priorityCache;
  }

  private signalIndex(): { all: SignalRecord[]; byOrg: Map<number, SignalRecord[]> } {
    if (!this.signalCache) {
      const all = generateSignals(this.orgs, this.signalOrgs(), {
        seed: this.seed,
        today: this.today,
        createdAt: this.createdAt,
        details: (org) => this.details(org),
      });
      const byOrg = new Map<number, SignalRecord[]>();
      for (const signal of all) {
        const list = byOrg.get(signal.orgIndex);
        if (list) list.push(signal);
        else byOrg.set(signal.orgIndex, [signal]);
      }
      this.signalCache = { all, byOrg };
    }
    return this.signalCache;
  }

  private signalOrgs(): number[] {
    const recent = this.orgs
      .filter((o) => o.status === "active" && o.lastPostDay > this.today - SIGNAL_WINDOW_DAYS)
      .map((o) => ({ o, key: hashSeed(this.seed, "signal-org", o.index) }))
      .sort((a, b) => a.key - b.key || a.o.index - b.o.index)
      .map(({ o }) => o)
      .slice(0, SIGNAL_ORGS)
      .map((o) => o.index);
    const members = this.orgLists
      .flatMap((list) => list.orgIndexes)
      .filter((i) => this.orgs[i]!.status === "active");
    return [...new Set([...recent, ...members])].sort((a, b) => a - b);
  }
}
