// Renders a people job's rows and prices them per returned person, reveals charged the first time only.
import { FREE_PERSON_ATTRIBUTES, type PersonAttribute } from "../../src/api/contract/people.ts";
import { PRICES } from "../../src/api/contract/prices.ts";
import type { Account } from "../accounts.ts";
import { COUNTRIES } from "../dataset/catalog/geography.ts";
import { JOB_FUNCTIONS, JOB_LEVELS } from "../dataset/catalog/job-functions.ts";
import { TECH_CATALOG } from "../dataset/catalog/technologies.ts";
import type { Dataset } from "../dataset/index.ts";
import { linkedinUrl, personLink } from "../dataset/links.ts";
import type { Person } from "../dataset/types.ts";
import { monthLabel } from "../dates.ts";
import { personScore } from "./icp.ts";
import type { PeopleQuery } from "./query.ts";
import { relatedPeople, relationConfidence } from "./related.ts";

export interface RenderedPeople {
  people: Record<string, unknown>[];
  cost: number;
  /** Person ids whose email or phone this result reveals for the first time. */
  newEmails: number[];
  newPhones: number[];
}

function attributeValue(name: PersonAttribute, person: Person, dataset: Dataset): unknown {
  switch (name) {
    case "name":
      return person.name;
    case "email":
      return person.email;
    case "phone":
      return person.phone;
    case "linkedin_url":
      return linkedinUrl(person.linkedinSlug);
    case "job_title":
      return person.title;
    case "job_function":
      return JOB_FUNCTIONS[person.jobFunction]!.name;
    case "job_level":
      return JOB_LEVELS[person.level]!.name;
    case "location":
      return person.location;
    case "country":
      return COUNTRIES[person.country]!.name;
    case "current_employer": {
      const org = dataset.orgs[person.orgIndex]!;
      return {
        organization_id: org.id,
        name: org.name,
        start_date: monthLabel(person.startMonth),
        service_url: org.serviceUrl,
      };
    }
    case "technologies":
      return person.techs.map((t) => ({
        name: TECH_CATALOG.technologies[t]!.name,
        slug: TECH_CATALOG.technologies[t]!.slug,
      }));
    case "person_score":
      return personScore(person);
    case "confidence":
      return undefined;
  }
}

export function attributesOf(
  names: readonly PersonAttribute[],
  person: Person,
  dataset: Dataset,
): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const name of names) {
    const value = attributeValue(name, person, dataset);
    if (value !== undefined && value !== null) attributes[name] = value;
  }
  return attributes;
}

export function renderPeople(query: PeopleQuery, account: Account, dataset: Dataset): RenderedPeople {
  const paidAttributes = query.attributes.filter((a) => !FREE_PERSON_ATTRIBUTES.includes(a)).length;
  const newEmails: number[] = [];
  const newPhones: number[] = [];
  // A person named twice in one request is one person: charged once.
  const charged = new Set<number>();
  let cost = 0;
  const people = query.rows.map(({ input, person }) => {
    if (!person) return { input };
    const first = !charged.has(person.id);
    charged.add(person.id);
    if (first) {
      cost += PRICES.personBase + paidAttributes * PRICES.personPaidAttribute;
      if (query.attributes.includes("email") && person.email && !account.revealedEmails.has(person.id)) {
        cost += PRICES.personEmailReveal;
        newEmails.push(person.id);
      }
      if (query.attributes.includes("phone") && person.phone && !account.revealedPhones.has(person.id)) {
        cost += PRICES.personPhoneReveal;
        newPhones.push(person.id);
      }
    }
    const row: Record<string, unknown> = {
      ...(input ? { input } : {}),
      person_id: person.id,
      service_url: personLink(person.id),
    };
    if (query.attributes.length > 0) row["attributes"] = attributesOf(query.attributes, person, dataset);
    if (query.related) {
      const related: Record<string, unknown> = {};
      for (const direction of query.related.directions) {
        const others = relatedPeople(person, direction, dataset);
        if (first) cost += others.length * PRICES.personRelated;
        related[direction] = others.map((other) => ({
          person_id: other.id,
          service_url: personLink(other.id),
          ...(query.related!.attributes.includes("confidence")
            ? { confidence: relationConfidence(person, other, dataset) }
            : {}),
          ...(query.related!.attributes.length > 0
            ? { attributes: attributesOf(query.related!.attributes, other, dataset) }
            : {}),
        }));
      }
      row["related_people"] = related;
    }
    return row;
  });
  return { people, cost, newEmails, newPhones };
}
