// An organization's `attributes`: requested fields only, nulls left out, account_status for CRM seats.
import {
  ORGANIZATION_ATTRIBUTES,
  type OrganizationAttribute,
} from "../../src/api/contract/organization-catalog.ts";
import { PRICES } from "../../src/api/contract/prices.ts";
import { COUNTRIES } from "../dataset/catalog/geography.ts";
import { INDUSTRIES } from "../dataset/catalog/industries.ts";
import type { Dataset } from "../dataset/index.ts";
import type { Organization } from "../dataset/types.ts";
import { isoDate } from "../dates.ts";

export interface RollupFigures {
  jobs: number;
  teams: number;
  people: number;
}

export function rollupFigures(dataset: Dataset, org: Organization): RollupFigures {
  const figures = { jobs: 0, teams: 0, people: 0 };
  for (const member of dataset.rollup(org)) {
    figures.jobs += member.jobsCount;
    figures.teams += member.teamsCount;
    figures.people += member.peopleCount;
  }
  return figures;
}

function attributeValue(name: OrganizationAttribute, org: Organization, dataset: Dataset): unknown {
  switch (name) {
    case "id":
      return org.id;
    case "slug":
      return org.slug;
    case "name":
      return org.name;
    case "url":
      return org.domain;
    case "service_url":
      return org.serviceUrl;
    case "industry":
      return INDUSTRIES[org.industry]!.name;
    case "headquarters_country":
      return COUNTRIES[org.country]!.code;
    case "tags":
      return org.tags;
    case "service_score":
      return org.serviceScore;
    case "employee_count":
      return org.employeeCount;
    case "people_count_rollup":
      return rollupFigures(dataset, org).people;
    case "people_count_no_rollup":
      return org.peopleCount;
    case "cloud_spend_estimate_millions_usd":
      return org.cloudSpendMillions;
    // jobs_count is the rollup figure; teams_count is legacy and counts own teams only (spec §2.1).
    case "jobs_count":
    case "jobs_count_rollup":
      return rollupFigures(dataset, org).jobs;
    case "jobs_count_no_rollup":
      return org.jobsCount;
    case "teams_count_rollup":
      return rollupFigures(dataset, org).teams;
    case "teams_count":
    case "teams_count_no_rollup":
      return org.teamsCount;
    case "funding_total_raised":
      return org.funding?.totalRaised;
    case "funding_valuation":
      return org.funding?.valuation;
    case "funding_last_round_raised":
      return org.funding?.lastRoundRaised;
    case "funding_last_round_type":
      return org.funding?.lastRoundType;
    case "funding_last_round_date":
      return org.funding ? isoDate(org.funding.lastRoundDay) : undefined;
    case "status":
      return org.status;
    case "status_reason":
      return org.statusReason;
    case "parent_id":
      return org.parentIndex >= 0 ? dataset.orgs[org.parentIndex]!.id : undefined;
    case "subsidiary_ids":
      return org.subsidiaryIndexes.map((i) => dataset.orgs[i]!.id);
    case "account_status":
      return org.accountStatus;
  }
}

export function organizationAttributes(
  names: readonly OrganizationAttribute[],
  org: Organization,
  dataset: Dataset,
  crmSeat: boolean,
): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const name of names) {
    if (name === "account_status" && !crmSeat) continue;
    const value = attributeValue(name, org, dataset);
    if (value !== undefined && value !== null) attributes[name] = value;
  }
  return attributes;
}

/** Credits for the requested attributes of one organization (each paid attribute once). */
export function attributesCost(names: readonly OrganizationAttribute[]): number {
  const paid = [...new Set(names)].filter((name) => ORGANIZATION_ATTRIBUTES[name].paid);
  return paid.length * PRICES.organizationPaidAttribute;
}
