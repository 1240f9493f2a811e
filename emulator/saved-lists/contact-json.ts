// Contact lists and their people as the API returns them (spec §2.13).
import type { Account } from "../accounts.ts";
import { JOB_FUNCTIONS } from "../dataset/catalog/job-functions.ts";
import type { Dataset } from "../dataset/index.ts";
import { contactListLink, linkedinUrl, personLink } from "../dataset/links.ts";
import type { ContactSeed } from "../dataset/lists.ts";
import type { Person } from "../dataset/types.ts";
import type { ContactList } from "../lists/account-lists.ts";

export function contactListSummary(list: ContactList) {
  return { id: list.id, name: list.name, people_count: list.contacts.length, url: contactListLink(list.id) };
}

export function contactJson(contact: ContactSeed, person: Person, account: Account, dataset: Dataset) {
  const org = dataset.orgs[person.orgIndex]!;
  const jf = JOB_FUNCTIONS[person.jobFunction]!;
  // contact_info appears once an email or phone was requested: in the seeded list, or revealed by this
  // account through POST /v9/people. What was not found is an empty list or null.
  const email = contact.emailRequested || account.revealedEmails.has(person.id);
  const phone = contact.phoneRequested || account.revealedPhones.has(person.id);
  return {
    id: person.id,
    url: personLink(person.id),
    name: person.name,
    job_title: person.title,
    job_function_name: jf.name,
    job_function_slug: jf.slug,
    linkedin_url: linkedinUrl(person.linkedinSlug),
    organization_id: org.id,
    organization_name: org.name,
    organization_slug: org.slug,
    ...(email || phone
      ? {
          contact_info: {
            emails: email && person.email ? [person.email] : [],
            phone: phone ? (person.phone ?? null) : null,
            requested: { email, phone },
          },
        }
      : {}),
  };
}
