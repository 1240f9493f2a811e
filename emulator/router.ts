// The route table: each served v9 endpoint (path from the contract) and its handler.
import { ENDPOINTS, type Endpoint } from "../src/api/contract/endpoints.ts";
import type { Handler } from "./handler.ts";
import { addContacts, contactList, contactLists, createContactList } from "./handlers/contact-lists.ts";
import { intelligenceBrief } from "./handlers/intelligence-brief.ts";
import { jobs } from "./handlers/jobs.ts";
import {
  addOrganizationsToList,
  createOrganizationList,
  organizationList,
  organizationLists,
  renameOrganizationList,
  setOrganizationListDeleted,
  setOrganizationListSignals,
} from "./handlers/organization-lists.ts";
import { organizationSignals } from "./handlers/organization-signals.ts";
import { organizations } from "./handlers/organizations.ts";
import { people } from "./handlers/people.ts";
import { prioritySignals, relevance } from "./handlers/priority-signals.ts";
import { projectsLookup } from "./handlers/projects.ts";
import { signalConfigs } from "./handlers/signal-configs.ts";
import { signals } from "./handlers/signals.ts";
import { dataQuality, support } from "./handlers/support.ts";
import { teams } from "./handlers/teams.ts";
import { techStack } from "./handlers/tech-stack.ts";
import { categoriesLookup, technologiesFind, technologiesLookup } from "./handlers/technologies.ts";
import { titleLookup } from "./handlers/title-lookup.ts";
import { validationError } from "./http-error.ts";

export interface Route {
  method: string;
  /** Path template; `{name}` is an integer path parameter. */
  path: string;
  handler: Handler;
}

function route(endpoint: Endpoint, handler: Handler): Route {
  return { method: endpoint.method, path: endpoint.path, handler };
}

export const ROUTES: Route[] = [
  route(ENDPOINTS.organizations, organizations),
  route(ENDPOINTS.intelligenceBrief, intelligenceBrief),
  route(ENDPOINTS.organizationSignals, organizationSignals),
  route(ENDPOINTS.techStack, techStack),
  route(ENDPOINTS.people, people),
  route(ENDPOINTS.jobs, jobs),
  route(ENDPOINTS.titleLookup, titleLookup),
  route(ENDPOINTS.teams, teams),
  route(ENDPOINTS.technologiesFind, technologiesFind),
  route(ENDPOINTS.technologiesLookup, technologiesLookup),
  route(ENDPOINTS.categoriesLookup, categoriesLookup),
  route(ENDPOINTS.projectsLookup, projectsLookup),
  route(ENDPOINTS.signals, signals),
  route(ENDPOINTS.prioritySignals, prioritySignals),
  route(ENDPOINTS.relevance, relevance),
  route(ENDPOINTS.signalConfigs, signalConfigs),
  route(ENDPOINTS.contactLists, contactLists),
  route(ENDPOINTS.createContactList, createContactList),
  route(ENDPOINTS.addContacts, addContacts),
  route(ENDPOINTS.contactList, contactList),
  route(ENDPOINTS.organizationLists, organizationLists),
  route(ENDPOINTS.createOrganizationList, createOrganizationList),
  route(ENDPOINTS.organizationList, organizationList),
  route(ENDPOINTS.renameOrganizationList, renameOrganizationList),
  route(ENDPOINTS.setOrganizationListDeleted, setOrganizationListDeleted),
  route(ENDPOINTS.addOrganizationsToList, addOrganizationsToList),
  route(ENDPOINTS.setOrganizationListSignals, setOrganizationListSignals),
  route(ENDPOINTS.support, support),
  route(ENDPOINTS.dataQuality, dataQuality),
];

export type RouteMatch =
  | { kind: "found"; route: Route; params: Record<string, number> }
  | { kind: "wrong-method"; allowed: string[] }
  | { kind: "none" };

interface Compiled {
  route: Route;
  pattern: RegExp;
  names: string[];
}

let compiled: Compiled[] | undefined;
let compiledFrom: Route[] | undefined;

function compile(routes: Route[]): Compiled[] {
  return routes.map((r) => {
    const names: string[] = [];
    const source = r.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{(\w+)\}/g, (_m, name: string) => {
      names.push(name);
      return "([^/]+)";
    });
    return { route: r, pattern: new RegExp(`^${source}$`), names };
  });
}

/** Finds the route for a request; non-integer path parameters are a FastAPI-style 422. */
export function matchRoute(method: string, path: string, routes: Route[] = ROUTES): RouteMatch {
  if (compiledFrom !== routes || compiled?.length !== routes.length) {
    compiled = compile(routes);
    compiledFrom = routes;
  }
  const allowed: string[] = [];
  for (const candidate of compiled) {
    const match = candidate.pattern.exec(path);
    if (!match) continue;
    if (candidate.route.method !== method.toUpperCase()) {
      allowed.push(candidate.route.method);
      continue;
    }
    const params: Record<string, number> = {};
    candidate.names.forEach((name, i) => {
      const raw = decodePathSegment(match[i + 1]!);
      if (!/^-?\d+$/.test(raw)) {
        throw validationError(
          ["path", name],
          "Input should be a valid integer, unable to parse string as an integer",
          "int_parsing",
          raw,
        );
      }
      params[name] = Number(raw);
    });
    return { kind: "found", route: candidate.route, params };
  }
  return allowed.length > 0 ? { kind: "wrong-method", allowed } : { kind: "none" };
}

/** A path segment with %-escapes decoded; a malformed escape stays as sent (and fails as a non-integer). */
function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
