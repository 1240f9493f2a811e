// Generates the signal feed of the last 60 days from the organizations' own records.
import { DAY_MS, epochMonth, monthName, monthStartDay } from "../dates.ts";
import { JOB_FUNCTIONS, JOB_LEVELS } from "./catalog/job-functions.ts";
import { PROJECTS } from "./catalog/projects.ts";
import { TECH_CATALOG } from "./catalog/technologies.ts";
import { hashSeed, Random } from "./prng.ts";
import { configForType } from "./signal-configs.ts";
import type { JobPost, Organization, OrgDetails, Person } from "./types.ts";

export const SIGNAL_WINDOW_DAYS = 60;
const MAX_SIGNALS_PER_ORG = 12;

export interface SignalRecord {
  id: number;
  orgIndex: number;
  type: string;
  displayType: string;
  title: string;
  subtitle?: string;
  explanation: string;
  salesAngle: string;
  /** Millisecond timestamp. */
  at: number;
  configId: number;
  techs: number[];
  techLabel?: string;
  jobPostId?: number;
  person?: Person;
  location?: string;
  jobFunction?: number;
  /** Job-post signals only: people to contact, best first, with scores from 1 to 10. */
  suggestedContacts?: { person: Person; score: number }[];
}

interface Context {
  seed: number;
  today: number;
  createdAt: number;
  details: (org: Organization) => OrgDetails;
}

export function generateSignals(
  orgs: readonly Organization[],
  signalOrgs: readonly number[],
  context: Context,
): SignalRecord[] {
  const signals: SignalRecord[] = [];
  for (const orgIndex of signalOrgs) {
    const org = orgs[orgIndex]!;
    const r = new Random(hashSeed(context.seed, "signals", orgIndex));
    const details = context.details(org);
    const drafts = [...postSignals(org, details, r, context), ...hireSignals(org, details, r, context)];
    const acceleration = accelerationSignal(org, details, r, context);
    if (acceleration) drafts.push(acceleration);
    for (const draft of drafts.slice(0, MAX_SIGNALS_PER_ORG)) {
      signals.push({ ...draft, id: 5_000_001 + signals.length });
    }
  }
  return signals;
}

type Draft = Omit<SignalRecord, "id">;

function timestamp(day: number, r: Random, context: Context): number {
  return Math.min(context.createdAt, day * DAY_MS + r.int(6, 18) * 3_600_000 + r.int(0, 59) * 60_000);
}

function postSignals(org: Organization, details: OrgDetails, r: Random, context: Context): Draft[] {
  const recent = details.posts
    .filter((p) => p.day > context.today - SIGNAL_WINDOW_DAYS)
    .sort((a, b) => b.day - a.day)
    .slice(0, 5);
  const drafts: Draft[] = [];
  for (const post of recent) {
    const jf = JOB_FUNCTIONS[post.jobFunction]!;
    const team = details.teams[post.teamIndex];
    const base = {
      orgIndex: org.index,
      at: timestamp(post.day, r, context),
      jobPostId: post.id,
      location: post.location,
      jobFunction: post.jobFunction,
      suggestedContacts: suggestContacts(post, details, r),
    };
    const projectIndex = post.projects[0];
    if (projectIndex !== undefined) {
      const project = PROJECTS[projectIndex]!;
      drafts.push({
        ...base,
        type: "key_project",
        displayType: `${project.name} project`,
        title: `${org.name} is hiring for a ${project.name.toLowerCase()} project`,
        explanation: `${post.title}: ${project.goal}`,
        salesAngle: `A funded ${project.name.toLowerCase()} effort needs tooling and partners now.`,
        configId: configForType("key_project").id,
        techs: post.techs.map((m) => m.tech),
      });
      continue;
    }
    const mention = post.techs[0];
    if (!mention) continue;
    const tech = TECH_CATALOG.technologies[mention.tech]!;
    const first = !details.posts.some(
      (p) => p.day < post.day && p.techs.some((m) => m.tech === mention.tech),
    );
    const verb = mention.used ? "uses" : "mentions";
    const where = team ? `The ${team.name} team` : org.name;
    if (first) {
      drafts.push({
        ...base,
        type: "technology_first_mention",
        displayType: `First mention of ${tech.name}`,
        title: `${org.name} mentioned ${tech.name} for the first time`,
        explanation: `${where} posted a ${post.title} role that ${verb} ${tech.name}, a first for ${org.name}.`,
        salesAngle: `${org.name} is starting out with ${tech.name}; talk to the ${jf.area} leaders before they pick partners.`,
        configId: configForType("technology_first_mention").id,
        techs: [mention.tech],
        techLabel: "first mention",
      });
    } else if (r.chance(0.6)) {
      drafts.push({
        ...base,
        type: "technology_any_mentions",
        displayType: `${tech.name} mentioned`,
        title: `${org.name} mentioned ${tech.name} in a ${post.title} job post`,
        explanation: `${where} posted a ${post.title} role that ${verb} ${tech.name}.`,
        salesAngle: `${org.name} keeps investing in ${tech.name}; reach the ${jf.area} leaders hiring for it.`,
        configId: configForType("technology_any_mentions").id,
        techs: [mention.tech],
        techLabel: "mentioned",
      });
    }
  }
  return drafts;
}

function suggestContacts(post: JobPost, details: OrgDetails, r: Random): { person: Person; score: number }[] {
  const family = JOB_FUNCTIONS[post.jobFunction]!.family;
  const techs = new Set(post.techs.map((m) => m.tech));
  return details.people
    .filter((p) => p.level >= 2 && JOB_FUNCTIONS[p.jobFunction]!.family === family)
    .slice(0, 20)
    .map((person) => {
      const shared = person.techs.filter((t) => techs.has(t)).length;
      const score = Math.min(10, 4 + shared * 1.5 + person.level * 0.5 + r.float());
      return { person, score: Math.round(score * 10) / 10 };
    })
    .sort((a, b) => b.score - a.score || a.person.id - b.person.id)
    .slice(0, 3);
}

function hireSignals(org: Organization, details: OrgDetails, r: Random, context: Context): Draft[] {
  const thisMonth = epochMonth(context.today);
  const drafts: Draft[] = [];
  for (const person of details.people) {
    if (drafts.length >= 4) break;
    if (person.startMonth < thisMonth - 1) continue;
    const earliest = Math.max(monthStartDay(person.startMonth), context.today - SIGNAL_WINDOW_DAYS + 1);
    const day = Math.min(context.today, earliest + r.int(0, 27));
    const base = {
      orgIndex: org.index,
      at: timestamp(day, r, context),
      subtitle: `Started ${monthName(person.startMonth)}`,
      person,
      location: person.location,
      jobFunction: person.jobFunction,
    };
    const techIndex = person.techs[0];
    if (techIndex !== undefined) {
      const tech = TECH_CATALOG.technologies[techIndex]!;
      drafts.push({
        ...base,
        type: "technology_recent_hires",
        displayType: `New hire using ${tech.name}`,
        title: `${org.name} hired ${person.name}`,
        explanation: `${person.name} joined ${org.name} as ${person.title} and works with ${tech.name}.`,
        salesAngle: `A new ${person.title} who knows ${tech.name} is a natural champion.`,
        configId: configForType("technology_recent_hires").id,
        techs: person.techs.slice(0, 3),
        techLabel: "skill",
      });
    } else if (person.level >= 3) {
      drafts.push({
        ...base,
        type: "leadership_change",
        displayType: `New ${JOB_LEVELS[person.level]!.name}`,
        title: `${org.name} appointed ${person.name} as ${person.title}`,
        explanation: `${person.name} started as ${person.title} at ${org.name}.`,
        salesAngle: "New leaders review their vendors in their first 90 days.",
        configId: configForType("leadership_change").id,
        techs: [],
      });
    }
  }
  return drafts;
}

function accelerationSignal(
  org: Organization,
  details: OrgDetails,
  r: Random,
  context: Context,
): Draft | undefined {
  let recent = 0;
  let prior = 0;
  for (const post of details.posts) {
    if (post.day > context.today - 90) recent++;
    else if (post.day > context.today - 180) prior++;
  }
  if (recent < 5 || recent < prior * 1.5) return undefined;
  return {
    orgIndex: org.index,
    type: "job_post_acceleration",
    displayType: "Hiring acceleration",
    title: `${org.name} is accelerating hiring`,
    explanation: `${recent} job posts in the last 90 days, up from ${prior} in the 90 days before.`,
    salesAngle: "Fast-growing teams buy tooling to keep up.",
    at: timestamp(context.today - r.int(1, 20), r, context),
    configId: configForType("job_post_acceleration").id,
    techs: [],
  };
}
