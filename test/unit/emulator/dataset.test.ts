// The generated world: the same seed gives the same data, and the data looks like the real service's.
import { describe, expect, it, vi } from "vitest";
import { JOB_FUNCTIONS } from "../../../emulator/dataset/catalog/job-functions.ts";
import { findTechnology, TECH_CATALOG } from "../../../emulator/dataset/catalog/technologies.ts";
import { Dataset } from "../../../emulator/dataset/index.ts";
import { decodePersonId, decodePostId, personId, postId } from "../../../emulator/dataset/record-ids.ts";
import { epochDay } from "../../../emulator/dates.ts";
import { hasEnoughDataForBrief } from "../../../emulator/organizations/brief.ts";

// Generating a few thousand organizations' records takes about a second alone, but several seconds on a
// loaded two-core machine: a unit test's default 5 s then fails for load, not for a fault.
vi.setConfig({ testTimeout: 30_000 });

const NOW = Date.UTC(2026, 5, 15, 12);
const dataset = new Dataset({ seed: 7, orgs: 3000, now: NOW });
const today = epochDay(NOW);

describe("dataset determinism", () => {
  it("generates identical organizations, records and signals from the same seed", () => {
    const again = new Dataset({ seed: 7, orgs: 3000, now: NOW });
    expect(again.orgs).toEqual(dataset.orgs);
    for (const index of [0, 17, 1234, 2999]) {
      expect(again.details(again.orgs[index]!)).toEqual(dataset.details(dataset.orgs[index]!));
    }
    expect(again.signals().map((s) => [s.id, s.title, s.at])).toEqual(
      dataset.signals().map((s) => [s.id, s.title, s.at]),
    );
  });

  it("generates different organizations from a different seed", () => {
    const other = new Dataset({ seed: 8, orgs: 3000, now: NOW });
    const names = new Set(dataset.orgs.map((o) => o.name));
    const shared = other.orgs.filter((o) => names.has(o.name)).length;
    expect(shared).toBeLessThan(other.orgs.length / 2);
  });

  it("generates an organization's records the same whatever order organizations are generated in", () => {
    const org = dataset.orgs[42]!;
    const first = JSON.stringify(dataset.details(org));
    const fresh = new Dataset({ seed: 7, orgs: 3000, now: NOW });
    for (let i = 2999; i >= 0; i--) fresh.details(fresh.orgs[i]!);
    expect(JSON.stringify(fresh.details(fresh.orgs[42]!))).toBe(first);
  });
});

describe("dataset realism", () => {
  it("catalogs a few hundred real technologies in categories, with unique slugs", () => {
    expect(TECH_CATALOG.technologies.length).toBeGreaterThanOrEqual(300);
    expect(TECH_CATALOG.categories.length).toBeGreaterThanOrEqual(30);
    const slugs = TECH_CATALOG.technologies.map((t) => t.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of [
      "python",
      "kubernetes",
      "snowflake",
      "react",
      "salesforce",
      "postgresql",
      "terraform",
    ]) {
      expect(findTechnology(slug)?.slug).toBe(slug);
    }
    expect(findTechnology("k8s")?.slug).toBe("kubernetes");
    expect(findTechnology("Postgres")?.slug).toBe("postgresql");
  });

  it("gives every organization a unique id, slug, name and domain", () => {
    for (const key of ["id", "slug", "name", "domain"] as const) {
      expect(new Set(dataset.orgs.map((o) => o[key])).size).toBe(dataset.orgs.length);
    }
    expect(dataset.orgs.every((o) => /^[a-z0-9.-]+\.[a-z]{2,}$/.test(o.domain))).toBe(true);
  });

  it("spreads headcounts from startups to enterprises, with a realistic median", () => {
    const counts = dataset.orgs.map((o) => o.employeeCount).sort((a, b) => a - b);
    const median = counts[Math.floor(counts.length / 2)]!;
    expect(median).toBeGreaterThan(50);
    expect(median).toBeLessThan(500);
    expect(counts[0]).toBeLessThan(10);
    expect(counts[counts.length - 1]).toBeGreaterThan(20_000);
  });

  it("closes a few organizations, each with a reason and no recent job posts", () => {
    const closed = dataset.orgs.filter((o) => o.status === "closed");
    expect(closed.length).toBeGreaterThan(30);
    expect(closed.length).toBeLessThan(dataset.orgs.length * 0.06);
    for (const org of closed) {
      expect(org.statusReason).toBeTruthy();
      if (org.jobsCount > 0) expect(org.lastPostDay).toBeLessThan(today - 365);
    }
  });

  it("links parents and subsidiaries both ways", () => {
    const subsidiaries = dataset.orgs.filter((o) => o.parentIndex >= 0);
    expect(subsidiaries.length).toBeGreaterThan(50);
    for (const child of subsidiaries) {
      const parent = dataset.orgs[child.parentIndex]!;
      expect(parent.subsidiaryIndexes).toContain(child.index);
      expect(child.name.startsWith(parent.name)).toBe(true);
      expect(parent.parentIndex).toBe(-1);
    }
  });

  it("funds some organizations with consistent round figures", () => {
    const funded = dataset.orgs.filter((o) => o.funding);
    expect(funded.length).toBeGreaterThan(300);
    for (const org of funded) {
      expect(org.funding!.lastRoundRaised).toBeLessThanOrEqual(org.funding!.totalRaised);
      expect(org.funding!.valuation).toBeGreaterThanOrEqual(org.funding!.totalRaised);
      expect(org.funding!.lastRoundDay).toBeLessThan(today);
      expect(org.tags).toContain("is_venture_backed");
    }
  });

  it("leaves some organizations with too little data for a brief", () => {
    const thin = dataset.orgs.filter((o) => !hasEnoughDataForBrief(dataset, o));
    expect(thin.length).toBeGreaterThan(50);
    expect(thin.length).toBeLessThan(dataset.orgs.length / 2);
  });
});

describe("organization records", () => {
  const sample = dataset.orgs.filter((o) => o.jobsCount > 0 || o.peopleCount > 0).slice(0, 300);

  it("match the summary: counts, newest post date, and every technology, function and project", () => {
    for (const org of sample) {
      const details = dataset.details(org);
      expect(details.posts.length).toBe(org.jobsCount);
      expect(details.people.length).toBe(org.peopleCount);
      expect(details.teams.length).toBe(org.teamsCount);
      if (org.jobsCount > 0) expect(Math.max(...details.posts.map((p) => p.day))).toBe(org.lastPostDay);
      const techs = new Set([
        ...details.posts.flatMap((p) => p.techs.map((m) => m.tech)),
        ...details.people.flatMap((p) => p.techs),
      ]);
      expect([...techs].sort()).toEqual([...org.techs].sort());
      const functions = new Set([...details.posts, ...details.people].map((r) => r.jobFunction));
      expect([...functions].sort()).toEqual([...org.jobFunctions].sort());
      const projects = new Set(details.posts.flatMap((p) => p.projects));
      expect([...projects].sort()).toEqual([...org.projects].sort());
    }
  });

  it("assign every team at least one job post, and records only leaf job functions", () => {
    for (const org of sample) {
      const details = dataset.details(org);
      const staffed = new Set(details.posts.map((p) => p.teamIndex));
      expect(staffed.size).toBe(org.teamsCount);
      for (const record of [...details.posts, ...details.people]) {
        expect(JOB_FUNCTIONS[record.jobFunction]!.matches).toEqual([record.jobFunction]);
      }
    }
  });

  it("give people e-mails on the organization's domain and LinkedIn slugs that encode their id", () => {
    const org = sample.find((o) => o.peopleCount > 20)!;
    for (const person of dataset.details(org).people) {
      if (person.email) expect(person.email.endsWith(`@${org.domain}`)).toBe(true);
      expect(Number.parseInt(person.linkedinSlug.split("-").pop()!, 36)).toBe(person.id);
    }
  });

  it("encode their organization in their ids, so a record is found by id alone", () => {
    expect(decodePersonId(personId(123, 45))).toEqual({ orgIndex: 123, index: 45 });
    expect(decodePostId(postId(2999, 0))).toEqual({ orgIndex: 2999, index: 0 });
    expect(decodePersonId(42)).toBeUndefined();
    const org = sample.find((o) => o.peopleCount > 3)!;
    const person = dataset.details(org).people[2]!;
    expect(dataset.person(person.id)).toBe(person);
    expect(dataset.person(personId(org.index, org.peopleCount))).toBeUndefined();
  });
});

describe("signals, configs and lists", () => {
  it("date every signal within the last 60 days and link it to a real record", () => {
    const signals = dataset.signals();
    expect(signals.length).toBeGreaterThan(500);
    for (const signal of signals) {
      expect(signal.at).toBeLessThanOrEqual(NOW);
      expect(signal.at).toBeGreaterThan(NOW - 61 * 86_400_000);
      if (signal.jobPostId !== undefined)
        expect(dataset.post(signal.jobPostId)?.orgIndex).toBe(signal.orgIndex);
      if (signal.person) expect(dataset.person(signal.person.id)).toEqual(signal.person);
    }
    const old = signals.filter((s) => s.at < NOW - 30 * 86_400_000);
    expect(old.length).toBeGreaterThan(0);
    expect(new Set(signals.map((s) => s.type))).toEqual(
      new Set([
        "technology_any_mentions",
        "technology_first_mention",
        "key_project",
        "technology_recent_hires",
        "leadership_change",
        "job_post_acceleration",
      ]),
    );
  });

  it("digests priority signals from their source signals", () => {
    const byId = new Map(dataset.signals().map((s) => [s.id, s]));
    const items = dataset.prioritySignals();
    expect(items.length).toBeGreaterThan(50);
    for (const item of items) {
      expect(item.signalIds.length).toBeGreaterThanOrEqual(2);
      for (const id of item.signalIds) expect(byId.get(id)?.orgIndex).toBe(item.orgIndex);
    }
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  });

  it("has signal configs of every scope and one deleted config", () => {
    expect(new Set(dataset.signalConfigs.map((c) => c.scope))).toEqual(
      new Set(["user", "enterprise", "domain"]),
    );
    expect(dataset.signalConfigs.filter((c) => c.deleted)).toHaveLength(1);
    const live = new Set(dataset.signalConfigs.filter((c) => !c.deleted).map((c) => c.id));
    expect(dataset.signals().every((s) => live.has(s.configId))).toBe(true);
  });

  it("seeds user lists (a default, a deleted one, one out of signals), group lists and contact lists", () => {
    const user = dataset.orgLists.filter((l) => l.type === "user");
    const group = dataset.orgLists.filter((l) => l.type === "group");
    expect(user.filter((l) => !l.deletable)).toHaveLength(1);
    expect(user.some((l) => l.deleted)).toBe(true);
    expect(user.some((l) => !l.includeInSignals)).toBe(true);
    expect(group.length).toBeGreaterThanOrEqual(2);
    expect(group.every((l) => l.readOnly && !l.deletable)).toBe(true);
    for (const list of dataset.orgLists) expect(list.orgIndexes.length).toBeGreaterThan(0);
    for (const list of dataset.contactLists) {
      expect(list.contacts.length).toBeGreaterThan(0);
      for (const contact of list.contacts) expect(dataset.person(contact.personId)).toBeDefined();
    }
  });
});

describe("dataset scale", () => {
  it("generates 50,000 organizations with their indexes", () => {
    const big = new Dataset({ seed: 1, orgs: 50_000, now: NOW });
    expect(big.orgs).toHaveLength(50_000);
    expect(big.index.byTech[findTechnology("python")!.index]!.count()).toBeGreaterThan(1000);
  });
});
