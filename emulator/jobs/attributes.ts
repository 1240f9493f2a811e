// A job post's attributes as the jobs endpoint (and the teams endpoint's job_posts) return them.
import type { JobAttribute } from "../../src/api/contract/jobs.ts";
import { JOB_FUNCTIONS, JOB_LEVELS } from "../dataset/catalog/job-functions.ts";
import { PROJECTS } from "../dataset/catalog/projects.ts";
import { TECH_CATALOG } from "../dataset/catalog/technologies.ts";
import type { Dataset } from "../dataset/index.ts";
import { teamLink } from "../dataset/links.ts";
import type { JobPost } from "../dataset/types.ts";
import { DAY_MS, isoDateTime } from "../dates.ts";
import { jobDescription } from "./description.ts";

/** The posting organization's jobs page, filtered: where the *_url of extracted entities point. */
function jobsPage(orgUrl: string, key: string, slug: string): string {
  return `${orgUrl}/jobs?${key}=${encodeURIComponent(slug)}`;
}

function value(name: JobAttribute, post: JobPost, dataset: Dataset): unknown {
  const org = dataset.orgs[post.orgIndex]!;
  const team = dataset.details(org).teams[post.teamIndex];
  switch (name) {
    case "title":
      return post.title;
    case "description":
      return jobDescription(post, org, team);
    case "location":
      return post.location;
    case "posted_date":
      return isoDateTime(post.day * DAY_MS);
    case "organization":
      return {
        organization_id: org.id,
        name: org.name,
        domain: org.domain,
        service_url: org.serviceUrl,
      };
    case "technologies":
      return post.techs.map((m) => {
        const tech = TECH_CATALOG.technologies[m.tech]!;
        return {
          name: tech.name,
          slug: tech.slug,
          used: m.used,
          service_url: jobsPage(org.serviceUrl, "technology", tech.slug),
        };
      });
    case "teams":
      return team
        ? [{ team_id: team.id, name: team.name, slug: team.slug, service_url: teamLink(team.id) }]
        : [];
    case "job_functions":
      // The classified function first, then the parent it rolls up to.
      return JOB_FUNCTIONS[post.jobFunction]!.ancestry.map((i) => {
        const jf = JOB_FUNCTIONS[i]!;
        return {
          name: jf.name,
          slug: jf.slug,
          service_url: jobsPage(org.serviceUrl, "job_function", jf.slug),
        };
      });
    case "job_levels":
      return [{ name: JOB_LEVELS[post.level]!.name }];
    case "projects":
      return post.projects.map((p) => {
        const project = PROJECTS[p]!;
        return {
          name: project.name,
          slug: project.slug,
          goal: project.goal,
          service_url: jobsPage(org.serviceUrl, "project", project.slug),
        };
      });
  }
}

export function jobAttributes(
  names: readonly JobAttribute[],
  post: JobPost,
  dataset: Dataset,
): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const name of names) attributes[name] = value(name, post, dataset);
  return attributes;
}
