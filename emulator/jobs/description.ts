// The full text of a job post, written from its record so it names what its attributes report.
import { JOB_FUNCTIONS, JOB_LEVELS } from "../dataset/catalog/job-functions.ts";
import { PROJECTS } from "../dataset/catalog/projects.ts";
import { TECH_CATALOG } from "../dataset/catalog/technologies.ts";
import type { JobPost, Organization, Team } from "../dataset/types.ts";

function listing(names: string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

export function jobDescription(post: JobPost, org: Organization, team: Team | undefined): string {
  const jf = JOB_FUNCTIONS[post.jobFunction]!;
  const level = JOB_LEVELS[post.level]!;
  const techName = (t: number) => TECH_CATALOG.technologies[t]!.name;
  const used = post.techs.filter((m) => m.used).map((m) => techName(m.tech));
  const mentioned = post.techs.filter((m) => !m.used).map((m) => techName(m.tech));
  const paragraphs = [
    `${org.name} is hiring a ${post.title} in ${post.location}${team ? ` to join the ${team.name} team` : ""}.`,
    level.rank >= 2
      ? `You will lead the ${jf.area} group, set its priorities and grow the people in it.`
      : `You will work with the ${jf.area} group on the problems that matter most to our customers.`,
  ];
  if (used.length > 0) paragraphs.push(`Our stack includes ${listing(used)}.`);
  if (mentioned.length > 0) paragraphs.push(`Experience with ${listing(mentioned)} is a plus.`);
  for (const p of post.projects) {
    const project = PROJECTS[p]!;
    paragraphs.push(`This role is part of our ${project.name} project: ${project.goal}`);
  }
  return paragraphs.join("\n\n");
}
