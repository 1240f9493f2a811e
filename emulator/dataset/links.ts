// Links into the (fictional) web app that responses carry as service_url and *_url fields.
import { opaqueCode } from "./text.ts";

export const WEB_APP_URL = "https://app.enrichment.example";

export function organizationLink(orgId: number): string {
  return `${WEB_APP_URL}/l/org/${opaqueCode(orgId * 2654435761)}`;
}

export function personLink(personId: number): string {
  return `${WEB_APP_URL}/l/person/${opaqueCode(personId * 2246822519)}`;
}

export function jobLink(jobId: number): string {
  return `${WEB_APP_URL}/l/job/${opaqueCode(jobId * 3266489917)}`;
}

export function teamLink(teamId: number): string {
  return `${WEB_APP_URL}/l/team/${opaqueCode(teamId * 668265263)}`;
}

export function technologyLink(slug: string): string {
  return `${WEB_APP_URL}/technologies/${slug}`;
}

export function organizationListLink(listId: number): string {
  return `${WEB_APP_URL}/lists/organizations/${listId}`;
}

export function contactListLink(listId: number): string {
  return `${WEB_APP_URL}/lists/contacts/${listId}`;
}

export function signalConfigLink(configId: number): string {
  return `${WEB_APP_URL}/settings/signals/${configId}`;
}

export function linkedinUrl(slug: string): string {
  return `https://www.linkedin.com/in/${slug}`;
}

export function crmLink(orgId: number): string {
  return `https://crm.example.com/accounts/${orgId}`;
}
