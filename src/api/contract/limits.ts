// The service's limits (spec §8, and real-service-notes where the spec says "not shown").

export const LIMITS = {
  /** Requests per second per user, across all endpoints (spec §8.1). */
  requestsPerSecond: 10,
  /** List-mode maximum for organizations, people, jobs and teams (notes §1–3). */
  listMax: 1000,
  /** People list mode with email/phone, related people or e-mail identifiers (notes §2). */
  peopleListMaxWithContacts: 25,
  /** Jobs list mode with `description` (notes §3). */
  jobsListMaxWithDescription: 200,
  /** Jobs list mode with `related_people` (notes §3; the docs' figure, the stricter of two). */
  jobsListMaxWithRelatedPeople: 25,
  /** Filter-mode `limit` for organizations, people, jobs and teams (notes §1–3). */
  filterLimitDefault: 10,
  filterLimitMax: 200,
  offsetMax: 10_000,
  /** Organization ids in a people/jobs/teams filter (notes §2–3). */
  filterOrganizationIdsMax: 1000,
  /** Every lookup list (notes §4). */
  lookupMax: 1000,
  /** Signals search (spec §8.2). */
  signalsLimitDefault: 100,
  signalsLimitMax: 100,
  signalsOffsetMax: 10_000,
  /** Signals search returns only this many recent days unless asked for by id (spec §8.2). */
  signalsWindowDays: 30,
  /** Priority signals search (spec §8.3). */
  prioritySignalsLimitDefault: 20,
  prioritySignalsLimitMax: 100,
  prioritySignalsOffsetMax: 10_000,
  /** Support messages (notes §7). */
  supportMessageMax: 5000,
  supportUrlMax: 2048,
  supportPageTitleMax: 500,
  /** Jobs related people per job (notes §3). */
  jobRelatedPeopleDefault: 5,
  jobRelatedPeopleMax: 25,
  /** Teams related people / job posts per team (notes §3). */
  teamPerTeamDefault: 10,
  teamPerTeamMax: 100,
} as const;
