// The v9 client: one method per endpoint of the spec, over an injected synchronous transport.
import {
  type AddContactsResponse,
  type AddOrganizationsRequest,
  type AddOrganizationsResponse,
  type CategoriesLookupResponse,
  type ContactListResponse,
  type ContactListsResponse,
  type CreateContactListResponse,
  type CreateOrganizationListResponse,
  type DataQualityRequest,
  ENDPOINTS,
  type EndpointName,
  ErrorBody,
  IntelligenceBrief,
  IntelligenceBriefPending,
  type JobsRequest,
  type JobsResponse,
  type OrganizationListResponse,
  type OrganizationListsResponse,
  type OrganizationSignalsResponse,
  type OrganizationsRequest,
  type OrganizationsResponse,
  type PeopleRequest,
  type PeopleResponse,
  type PrioritySignalsRequest,
  type PrioritySignalsResponse,
  type ProjectsLookupResponse,
  type RelevanceResponse,
  type RenameListResponse,
  type SetListDeletedResponse,
  type SetListSignalsResponse,
  type SignalConfigsRequest,
  type SignalConfigsResponse,
  type SignalsRequest,
  type SignalsResponse,
  type SupportRequest,
  type SupportResponse,
  type TeamsRequest,
  type TeamsResponse,
  type TechnologiesFindResponse,
  type TechnologiesLookupResponse,
  type TechStackResponse,
  type TitleLookupResponse,
} from "./contract";
import { unexpectedResponse } from "./errors";
import { type Call, type ClientOptions, type Outcome, RequestRunner } from "./request";

export type { ClientOptions, CreditsInfo, Outcome } from "./request";

/** The three answers of GET …/intelligence-brief (spec §4.1). */
export type BriefOutcome =
  | { status: "completed"; brief: IntelligenceBrief }
  | { status: "pending"; retryAfterSeconds: number; pending: IntelligenceBriefPending }
  | { status: "not_enough_data"; detail: string };

function call(name: EndpointName, rest: Omit<Call, "name" | "endpoint"> = {}): Call {
  return { name, endpoint: ENDPOINTS[name], ...rest };
}

export class EnrichmentClient {
  private readonly runner: RequestRunner;

  constructor(options: ClientOptions) {
    this.runner = new RequestRunner(options);
  }

  /** Credits remaining as of the latest paid response, or null before any. */
  get creditsRemaining(): number | null {
    return this.runner.lastCreditsRemaining;
  }

  /** The absolute time after which this client sends nothing more. */
  get deadline(): number {
    return this.runner.deadline;
  }

  // Organizations

  organizations(body: OrganizationsRequest): OrganizationsResponse {
    return this.runner.send(call("organizations", { body }));
  }

  /** Several organizations requests in parallel; each outcome stands on its own. */
  organizationsMany(bodies: OrganizationsRequest[]): Outcome<OrganizationsResponse>[] {
    return this.runner.sendAll(bodies.map((body) => call("organizations", { body })));
  }

  intelligenceBrief(organizationId: number): BriefOutcome {
    const c = call("intelligenceBrief", { pathParams: { organization_id: organizationId } });
    const response = this.runner.sendRaw(c, (r) => r.status === 202 || r.status === 422);
    if (response.status === 202) {
      const pending = this.runner.decode(c, response, IntelligenceBriefPending);
      const retryAfter = Number.parseInt(response.headers["retry-after"] ?? "", 10);
      return {
        status: "pending",
        retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 5,
        pending,
      };
    }
    if (response.status === 422) {
      const body = this.runner.decode(c, response, ErrorBody);
      if (typeof body.detail !== "string")
        throw unexpectedResponse(422, "the brief's 422 has no detail sentence");
      return { status: "not_enough_data", detail: body.detail };
    }
    return { status: "completed", brief: this.runner.parse(c, response, IntelligenceBrief) };
  }

  organizationSignals(organizationId: number, technologySlugs?: string[]): OrganizationSignalsResponse {
    return this.runner.send(
      call("organizationSignals", {
        pathParams: { organization_id: organizationId },
        query: { technology_slugs: technologySlugs },
      }),
    );
  }

  techStack(organizationId: number): TechStackResponse {
    return this.runner.send(call("techStack", { pathParams: { organization_id: organizationId } }));
  }

  // People (asynchronous since v8: start, then poll with the request id)

  startPeopleJob(body: Omit<PeopleRequest, "request_id">): PeopleResponse {
    return this.runner.send(call("people", { body }));
  }

  pollPeopleJob(requestId: string): PeopleResponse {
    return this.runner.send(call("people", { body: { request_id: requestId } }));
  }

  // Jobs and teams

  jobs(body: JobsRequest): JobsResponse {
    return this.runner.send(call("jobs", { body }));
  }

  titleLookup(titles: string[]): TitleLookupResponse {
    return this.runner.send(call("titleLookup", { body: { titles } }));
  }

  teams(body: TeamsRequest): TeamsResponse {
    return this.runner.send(call("teams", { body }));
  }

  // Lookups

  technologiesFind(query: string): TechnologiesFindResponse {
    return this.runner.send(call("technologiesFind", { body: { query } }));
  }

  technologiesLookup(technologies: string[]): TechnologiesLookupResponse {
    return this.runner.send(call("technologiesLookup", { body: { technologies } }));
  }

  categoriesLookup(categories: string[]): CategoriesLookupResponse {
    return this.runner.send(call("categoriesLookup", { body: { technology_categories: categories } }));
  }

  projectsLookup(projects: string[]): ProjectsLookupResponse {
    return this.runner.send(call("projectsLookup", { body: { projects } }));
  }

  // Signals

  signals(body: SignalsRequest = {}): SignalsResponse {
    return this.runner.send(call("signals", { body }));
  }

  prioritySignals(body: PrioritySignalsRequest = {}): PrioritySignalsResponse {
    return this.runner.send(call("prioritySignals", { body }));
  }

  /** true / false records feedback; null clears it. Free. */
  setRelevance(itemId: number, isRelevant: boolean | null): RelevanceResponse {
    return this.runner.send(
      call("relevance", { pathParams: { item_id: itemId }, body: { is_relevant: isRelevant } }),
    );
  }

  signalConfigs(body: SignalConfigsRequest = {}): SignalConfigsResponse {
    return this.runner.send(call("signalConfigs", { body }));
  }

  // Contact lists

  contactLists(): ContactListsResponse {
    return this.runner.send(call("contactLists"));
  }

  createContactList(name: string): CreateContactListResponse {
    return this.runner.send(call("createContactList", { body: { name } }));
  }

  addContacts(listId: number, peopleIds: number[]): AddContactsResponse {
    return this.runner.send(
      call("addContacts", { pathParams: { list_id: listId }, body: { people_ids: peopleIds } }),
    );
  }

  contactList(listId: number): ContactListResponse {
    return this.runner.send(call("contactList", { pathParams: { list_id: listId } }));
  }

  // Organization lists

  organizationLists(includeDeleted = false): OrganizationListsResponse {
    return this.runner.send(
      call("organizationLists", { query: { include_deleted: includeDeleted || undefined } }),
    );
  }

  createOrganizationList(name: string): CreateOrganizationListResponse {
    return this.runner.send(call("createOrganizationList", { body: { name } }));
  }

  organizationList(listId: number, includeDeleted = false): OrganizationListResponse {
    return this.runner.send(
      call("organizationList", {
        pathParams: { list_id: listId },
        query: { include_deleted: includeDeleted || undefined },
      }),
    );
  }

  renameOrganizationList(listId: number, name: string): RenameListResponse {
    return this.runner.send(
      call("renameOrganizationList", { pathParams: { list_id: listId }, body: { name } }),
    );
  }

  setOrganizationListDeleted(listId: number, deleted: boolean): SetListDeletedResponse {
    return this.runner.send(
      call("setOrganizationListDeleted", { pathParams: { list_id: listId }, body: { deleted } }),
    );
  }

  addOrganizationsToList(listId: number, body: AddOrganizationsRequest): AddOrganizationsResponse {
    return this.runner.send(call("addOrganizationsToList", { pathParams: { list_id: listId }, body }));
  }

  setOrganizationListSignals(listId: number, includeInSignals: boolean): SetListSignalsResponse {
    return this.runner.send(
      call("setOrganizationListSignals", {
        pathParams: { list_id: listId },
        body: { include_in_signals: includeInSignals },
      }),
    );
  }

  // Support (free)

  support(body: SupportRequest): SupportResponse {
    return this.runner.send(call("support", { body }));
  }

  dataQuality(body: DataQualityRequest): SupportResponse {
    return this.runner.send(call("dataQuality", { body }));
  }
}
