// Writes an organization's intelligence brief in Markdown from its records.

import { COUNTRIES } from "../dataset/catalog/geography.ts";
import { INDUSTRIES } from "../dataset/catalog/industries.ts";
import { JOB_FUNCTIONS, JOB_LEVELS } from "../dataset/catalog/job-functions.ts";
import { TECH_CATALOG } from "../dataset/catalog/technologies.ts";
import type { Dataset } from "../dataset/index.ts";
import type { Organization } from "../dataset/types.ts";
import { epochDay, isoDate } from "../dates.ts";
import { rollupFigures } from "./attributes.ts";

/** Organizations with fewer job posts and people than this (rollup) get a 422 instead of a brief. */
export const MIN_BRIEF_RECORDS = 8;

export function hasEnoughDataForBrief(dataset: Dataset, org: Organization): boolean {
  const figures = rollupFigures(dataset, org);
  return figures.jobs + figures.people >= MIN_BRIEF_RECORDS;
}

export function briefLink(org: Organization): string {
  return `${org.serviceUrl}/overview?intelligence_brief=1`;
}

export function briefTitle(org: Organization): string {
  return `${org.name} intelligence brief`;
}

export function briefBody(dataset: Dataset, org: Organization): string {
  const posts = dataset.rollup(org).flatMap((member) => dataset.details(member).posts);
  const people = dataset.rollup(org).flatMap((member) => dataset.details(member).people);
  const recent = posts.filter((p) => p.day > dataset.today - 90);
  const techCounts = new Map<number, number>();
  for (const post of posts)
    for (const m of post.techs) techCounts.set(m.tech, (techCounts.get(m.tech) ?? 0) + 1);
  const topTechs = [...techCounts].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, 6);
  const functionCounts = new Map<number, number>();
  for (const post of recent)
    functionCounts.set(post.jobFunction, (functionCounts.get(post.jobFunction) ?? 0) + 1);
  const topFunction = [...functionCounts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
  const leaders = [...people].sort((a, b) => b.level - a.level || a.id - b.id).slice(0, 3);
  const industry = INDUSTRIES[org.industry]!.name;
  const country = COUNTRIES[org.country]!.name;
  const techNames = topTechs.map(([t]) => TECH_CATALOG.technologies[t]!.name);
  const signals = dataset.signalsOf(org).slice(0, 5);

  const lines = [
    briefTitle(org),
    "",
    `This brief is also [available in the web app](${briefLink(org)})`,
    "",
    "## What's the Angle",
    "",
    `${org.name} is a ${industry.toLowerCase()} organization headquartered in ${country} with about ` +
      `${org.employeeCount.toLocaleString("en-US")} employees. ` +
      (recent.length > 0
        ? `It posted ${recent.length} job post${recent.length === 1 ? "" : "s"} in the last 90 days` +
          (topFunction ? `, most of them for ${JOB_FUNCTIONS[topFunction[0]]!.name} roles` : "") +
          "."
        : "It has not posted jobs in the last 90 days."),
    techNames.length > 0 ? `Its job posts lean on ${techNames.slice(0, 3).join(", ")}.` : "",
    "",
    "## Who To Contact First",
    "",
    ...(leaders.length > 0
      ? leaders.map((p) => `- **${p.name}**, ${p.title} (${JOB_LEVELS[p.level]!.name}), ${p.location}`)
      : ["- No tracked people yet; start from the hiring managers named in recent job posts."]),
    "",
    "## Technology Footprint",
    "",
    ...(topTechs.length > 0
      ? topTechs.map(
          ([t, n]) => `- ${TECH_CATALOG.technologies[t]!.name}: ${n} job post${n === 1 ? "" : "s"}`,
        )
      : ["- No technologies seen in job posts yet."]),
    "",
    "## Recent Signals",
    "",
    ...(signals.length > 0
      ? signals.map((s) => `- ${isoDate(epochDay(s.at))}: ${s.title}`)
      : ["- No signals in the last 60 days."]),
  ];
  return lines.filter((line, i, all) => !(line === "" && all[i - 1] === "")).join("\n");
}
