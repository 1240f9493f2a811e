// A signal as the API returns it (spec §2.5): shared by every endpoint that returns signals.

import { JOB_FUNCTIONS } from "../dataset/catalog/job-functions.ts";
import { TECH_CATALOG } from "../dataset/catalog/technologies.ts";
import type { Dataset } from "../dataset/index.ts";
import { jobLink, linkedinUrl } from "../dataset/links.ts";
import type { SignalRecord } from "../dataset/signals.ts";
import { isoDateTime } from "../dates.ts";

export function signalJson(
  signal: SignalRecord,
  dataset: Dataset,
  crmSeat: boolean,
): Record<string, unknown> {
  const org = dataset.orgs[signal.orgIndex]!;
  const config = dataset.signalConfigs.find((c) => c.id === signal.configId)!;
  const json: Record<string, unknown> = {
    signal_id: signal.id,
    title: signal.title,
    ...(signal.subtitle ? { subtitle: signal.subtitle } : {}),
    explanation: signal.explanation,
    sales_angle: signal.salesAngle,
    date: isoDateTime(signal.at),
    service_url: `${org.serviceUrl}/signals/s/${signal.id}`,
    display_type: signal.displayType,
    type: signal.type,
    organization_name: org.name,
    organization_id: org.id,
    priority: config.priority,
    signal_config_id: config.id,
    signal_config_name: config.name,
  };
  if (signal.techs.length > 0) {
    json["matched_technologies"] = signal.techs.map((t) => {
      const tech = TECH_CATALOG.technologies[t]!;
      return { name: tech.name, slug: tech.slug, ...(signal.techLabel ? { label: signal.techLabel } : {}) };
    });
  }
  if (signal.jobPostId !== undefined) json["job_post_id"] = signal.jobPostId;
  if (signal.person) {
    json["person_id"] = signal.person.id;
    json["linkedin_url"] = linkedinUrl(signal.person.linkedinSlug);
  }
  if (signal.location) json["location"] = signal.location;
  if (signal.jobFunction !== undefined) json["job_function"] = JOB_FUNCTIONS[signal.jobFunction]!.name;
  if (crmSeat) json["account_status"] = org.accountStatus;
  if (signal.suggestedContacts && signal.jobPostId !== undefined) {
    json["suggested_contacts"] = {
      people: signal.suggestedContacts.map(({ person, score }) => ({
        person_id: person.id,
        name: person.name,
        title: person.title,
        linkedin_url: linkedinUrl(person.linkedinSlug),
        score,
      })),
      service_url: `${jobLink(signal.jobPostId)}/people`,
    };
  }
  return json;
}
