// Records of the generated world. Catalog entries are referred to by index into the catalog arrays.

export type OrgStatus = "active" | "closed";
export type AccountStatus = "customer" | "prospect" | "not_in_crm";

export interface Funding {
  totalRaised: number;
  valuation: number;
  lastRoundRaised: number;
  lastRoundType: string;
  lastRoundDay: number;
}

/** An organization's eager summary: everything filters, attributes and list matching need. */
export interface Organization {
  index: number;
  id: number;
  slug: string;
  name: string;
  domain: string;
  serviceUrl: string;
  industry: number;
  country: number;
  city: string;
  employeeCount: number;
  status: OrgStatus;
  statusReason?: string;
  parentIndex: number;
  subsidiaryIndexes: number[];
  tags: string[];
  serviceScore: number;
  funding?: Funding;
  cloudSpendMillions?: number;
  accountStatus: AccountStatus;
  /** Own records (no subsidiaries); the detail generator produces exactly these counts. */
  jobsCount: number;
  peopleCount: number;
  teamsCount: number;
  /** Epoch days of the first and last own job post; 0 when there are none. */
  firstPostDay: number;
  lastPostDay: number;
  /** Technologies, leaf job functions and projects that appear in the own records, by catalog index. */
  techs: number[];
  jobFunctions: number[];
  projects: number[];
  /** How strongly hiring leans to recent months (people start dates). */
  recency: number;
}

export interface TechMention {
  tech: number;
  used: boolean;
}

export interface JobPost {
  id: number;
  orgIndex: number;
  index: number;
  teamIndex: number;
  title: string;
  jobFunction: number;
  level: number;
  day: number;
  country: number;
  location: string;
  techs: TechMention[];
  projects: number[];
}

export interface Person {
  id: number;
  orgIndex: number;
  index: number;
  name: string;
  linkedinSlug: string;
  /** Undefined when the service has no e-mail or phone for the person (nothing to reveal). */
  email: string | undefined;
  phone: string | undefined;
  jobFunction: number;
  level: number;
  title: string;
  country: number;
  location: string;
  techs: number[];
  /** Epoch month the current role started. */
  startMonth: number;
  teamIndex: number;
}

export interface Team {
  id: number;
  orgIndex: number;
  index: number;
  name: string;
  slug: string;
  jobFunction: number;
  parentTeamIndex: number;
}

/** The lazily generated records of one organization (own records only). */
export interface OrgDetails {
  posts: JobPost[];
  people: Person[];
  teams: Team[];
}
