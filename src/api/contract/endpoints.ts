// Every v9 endpoint in one table: method, path template, request and response schemas.
// The client builds its calls from it and the emulator routes by it, so paths exist once.
import type * as z from "zod/mini";
import { ErrorBody } from "./common";
import { JobsRequest, JobsResponse, TitleLookupRequest, TitleLookupResponse } from "./jobs";
import {
  AddContactsRequest,
  AddContactsResponse,
  AddOrganizationsRequest,
  AddOrganizationsResponse,
  ContactListResponse,
  ContactListsResponse,
  CreateContactListResponse,
  CreateListRequest,
  CreateOrganizationListResponse,
  OrganizationListResponse,
  OrganizationListsResponse,
  RenameListRequest,
  RenameListResponse,
  SetListDeletedRequest,
  SetListDeletedResponse,
  SetListSignalsRequest,
  SetListSignalsResponse,
} from "./lists";
import {
  CategoriesLookupRequest,
  CategoriesLookupResponse,
  ProjectsLookupRequest,
  ProjectsLookupResponse,
  TechnologiesFindRequest,
  TechnologiesFindResponse,
  TechnologiesLookupRequest,
  TechnologiesLookupResponse,
} from "./lookups";
import { IntelligenceBrief, OrganizationSignalsResponse, TechStackResponse } from "./organization-details";
import { OrganizationsRequest, OrganizationsResponse } from "./organizations";
import { PeopleRequest, PeopleResponse } from "./people";
import {
  PrioritySignalsRequest,
  PrioritySignalsResponse,
  RelevanceRequest,
  RelevanceResponse,
  SignalConfigsRequest,
  SignalConfigsResponse,
  SignalsRequest,
  SignalsResponse,
} from "./signals";
import { DataQualityRequest, SupportRequest, SupportResponse } from "./support";
import { TeamsRequest, TeamsResponse } from "./teams";

export const API_VERSION = "v9";

/** Query parameters an endpoint accepts, with how to read them from a query string. */
export type QueryParamKind = "boolean" | "string[]";

export interface Endpoint {
  method: "GET" | "POST";
  /** Path template relative to the base URL; `{name}` marks an integer path parameter. */
  path: string;
  request?: z.ZodMiniType;
  query?: Record<string, QueryParamKind>;
  response: z.ZodMiniType;
}

function endpoint<E extends Endpoint>(e: E): E {
  return e;
}

export const ENDPOINTS = {
  organizations: endpoint({
    method: "POST",
    path: "/v9/organizations",
    request: OrganizationsRequest,
    response: OrganizationsResponse,
  }),
  intelligenceBrief: endpoint({
    method: "GET",
    path: "/v9/organizations/{organization_id}/intelligence-brief",
    response: IntelligenceBrief,
  }),
  organizationSignals: endpoint({
    method: "GET",
    path: "/v9/organizations/{organization_id}/signals",
    query: { technology_slugs: "string[]" },
    response: OrganizationSignalsResponse,
  }),
  techStack: endpoint({
    method: "GET",
    path: "/v9/organizations/{organization_id}/techs",
    response: TechStackResponse,
  }),
  people: endpoint({ method: "POST", path: "/v9/people", request: PeopleRequest, response: PeopleResponse }),
  titleLookup: endpoint({
    method: "POST",
    path: "/v9/jobs/title-lookup",
    request: TitleLookupRequest,
    response: TitleLookupResponse,
  }),
  jobs: endpoint({ method: "POST", path: "/v9/jobs", request: JobsRequest, response: JobsResponse }),
  teams: endpoint({ method: "POST", path: "/v9/teams", request: TeamsRequest, response: TeamsResponse }),
  technologiesFind: endpoint({
    method: "POST",
    path: "/v9/technologies/find",
    request: TechnologiesFindRequest,
    response: TechnologiesFindResponse,
  }),
  technologiesLookup: endpoint({
    method: "POST",
    path: "/v9/technologies/lookup",
    request: TechnologiesLookupRequest,
    response: TechnologiesLookupResponse,
  }),
  categoriesLookup: endpoint({
    method: "POST",
    path: "/v9/technologies/categories/lookup",
    request: CategoriesLookupRequest,
    response: CategoriesLookupResponse,
  }),
  projectsLookup: endpoint({
    method: "POST",
    path: "/v9/projects/lookup",
    request: ProjectsLookupRequest,
    response: ProjectsLookupResponse,
  }),
  signals: endpoint({
    method: "POST",
    path: "/v9/signals",
    request: SignalsRequest,
    response: SignalsResponse,
  }),
  prioritySignals: endpoint({
    method: "POST",
    path: "/v9/signals/priority",
    request: PrioritySignalsRequest,
    response: PrioritySignalsResponse,
  }),
  /** POST per the spec (the real service uses PUT: notes §10; the spec wins). */
  relevance: endpoint({
    method: "POST",
    path: "/v9/signals/priority/{item_id}/relevance",
    request: RelevanceRequest,
    response: RelevanceResponse,
  }),
  signalConfigs: endpoint({
    method: "POST",
    path: "/v9/signals/configs",
    request: SignalConfigsRequest,
    response: SignalConfigsResponse,
  }),
  contactLists: endpoint({ method: "GET", path: "/v9/contact-lists", response: ContactListsResponse }),
  createContactList: endpoint({
    method: "POST",
    path: "/v9/contact-lists",
    request: CreateListRequest,
    response: CreateContactListResponse,
  }),
  addContacts: endpoint({
    method: "POST",
    path: "/v9/contact-lists/{list_id}/people",
    request: AddContactsRequest,
    response: AddContactsResponse,
  }),
  contactList: endpoint({
    method: "GET",
    path: "/v9/contact-lists/{list_id}",
    response: ContactListResponse,
  }),
  organizationLists: endpoint({
    method: "GET",
    path: "/v9/organization-lists",
    query: { include_deleted: "boolean" },
    response: OrganizationListsResponse,
  }),
  createOrganizationList: endpoint({
    method: "POST",
    path: "/v9/organization-lists",
    request: CreateListRequest,
    response: CreateOrganizationListResponse,
  }),
  organizationList: endpoint({
    method: "GET",
    path: "/v9/organization-lists/{list_id}",
    query: { include_deleted: "boolean" },
    response: OrganizationListResponse,
  }),
  renameOrganizationList: endpoint({
    method: "POST",
    path: "/v9/organization-lists/{list_id}/name",
    request: RenameListRequest,
    response: RenameListResponse,
  }),
  setOrganizationListDeleted: endpoint({
    method: "POST",
    path: "/v9/organization-lists/{list_id}/deleted",
    request: SetListDeletedRequest,
    response: SetListDeletedResponse,
  }),
  addOrganizationsToList: endpoint({
    method: "POST",
    path: "/v9/organization-lists/{list_id}/organizations",
    request: AddOrganizationsRequest,
    response: AddOrganizationsResponse,
  }),
  setOrganizationListSignals: endpoint({
    method: "POST",
    path: "/v9/organization-lists/{list_id}/signals",
    request: SetListSignalsRequest,
    response: SetListSignalsResponse,
  }),
  support: endpoint({
    method: "POST",
    path: "/v9/support",
    request: SupportRequest,
    response: SupportResponse,
  }),
  dataQuality: endpoint({
    method: "POST",
    path: "/v9/support/data-quality",
    request: DataQualityRequest,
    response: SupportResponse,
  }),
} as const;

export type EndpointName = keyof typeof ENDPOINTS;

/** Error bodies of every endpoint (spec §7; shapes per notes §6). */
export const ERROR_BODY = ErrorBody;

/** Fills `{name}` placeholders of a path template. */
export function fillPath(template: string, params: Record<string, number>): string {
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${template}.`);
    return String(value);
  });
}
