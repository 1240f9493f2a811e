// Organization lists and their members as the API returns them (spec §2.12).
import { crmLink, organizationListLink } from "../dataset/links.ts";
import type { Organization } from "../dataset/types.ts";
import type { OrganizationList } from "../lists/account-lists.ts";

export function organizationListSummary(list: OrganizationList) {
  return {
    id: list.id,
    name: list.name,
    url: organizationListLink(list.id),
    organizations_count: list.orgIndexes.length,
    type: list.type,
    read_only: list.readOnly,
    deletable: list.deletable,
    deleted: list.deleted,
    include_in_signals: list.includeInSignals,
  };
}

export function organizationListMember(org: Organization, crmSeat: boolean) {
  return {
    id: org.id,
    name: org.name,
    slug: org.slug,
    service_url: org.serviceUrl,
    url: `https://${org.domain}`,
    employee_count: org.employeeCount,
    ...(crmSeat ? { account_status: org.accountStatus } : {}),
    ...(crmSeat && org.accountStatus !== "not_in_crm" ? { crm_url: crmLink(org.id) } : {}),
  };
}
