// The people associated with a team, scored as a person–team match.
import { JOB_FUNCTIONS, JOB_LEVELS } from "../dataset/catalog/job-functions.ts";
import { TECH_CATALOG } from "../dataset/catalog/technologies.ts";
import type { Dataset } from "../dataset/index.ts";
import type { Person, Team } from "../dataset/types.ts";
import type { TeamActivity } from "./activity.ts";

interface Feature {
  match_type: "team" | "job_function" | "technology" | "location" | "embedding";
  name: string | null;
  slug: string | null;
  is_parent: boolean;
  score: number;
}

export interface TeamMember {
  person: Person;
  confidence: { score: number; matched_features: Feature[] };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function teamMembers(team: Team, activity: TeamActivity, dataset: Dataset, max: number): TeamMember[] {
  const jf = JOB_FUNCTIONS[team.jobFunction]!;
  const techs = new Set(activity.posts.flatMap((p) => p.techs.map((m) => m.tech)));
  const locations = new Set(activity.posts.map((p) => p.location));
  return dataset
    .details(dataset.orgs[team.orgIndex]!)
    .people.filter(
      (p) => p.teamIndex === team.index || JOB_FUNCTIONS[p.jobFunction]!.ancestry.includes(jf.index),
    )
    .map((person) => {
      const features: Feature[] = [];
      if (person.teamIndex === team.index) {
        features.push({
          match_type: "team",
          name: team.name,
          slug: team.slug,
          is_parent: false,
          score: 0.45,
        });
      }
      if (person.jobFunction === jf.index) {
        features.push({
          match_type: "job_function",
          name: jf.name,
          slug: jf.slug,
          is_parent: false,
          score: 0.2,
        });
      } else if (JOB_FUNCTIONS[person.jobFunction]!.ancestry.includes(jf.index)) {
        features.push({
          match_type: "job_function",
          name: jf.name,
          slug: jf.slug,
          is_parent: true,
          score: 0.1,
        });
      }
      const shared = person.techs.filter((t) => techs.has(t));
      for (const t of shared) {
        const tech = TECH_CATALOG.technologies[t]!;
        features.push({
          match_type: "technology",
          name: tech.name,
          slug: tech.slug,
          is_parent: false,
          score: round2(Math.min(0.2, shared.length * 0.05) / shared.length),
        });
      }
      if (locations.has(person.location)) {
        features.push({
          match_type: "location",
          name: person.location,
          slug: null,
          is_parent: false,
          score: 0.1,
        });
      }
      features.push({
        match_type: "embedding",
        name: person.title,
        slug: null,
        is_parent: false,
        score: 0.05,
      });
      features.sort((a, b) => b.score - a.score);
      const score = round2(
        Math.min(
          1,
          features.reduce((sum, f) => sum + f.score, 0),
        ),
      );
      return { person, confidence: { score, matched_features: features } };
    })
    .sort(
      (a, b) =>
        b.confidence.score - a.confidence.score ||
        JOB_LEVELS[b.person.level]!.rank - JOB_LEVELS[a.person.level]!.rank ||
        a.person.id - b.person.id,
    )
    .slice(0, max);
}
