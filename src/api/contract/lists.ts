// Saved lists: organization lists (spec §2.12, §4.8) and contact lists (spec §2.13, §4.7).
import * as z from "zod/mini";
import { envelopeShape, maybe, onDemand } from "./common";
import { ACCOUNT_STATUSES } from "./signals";

const ListName = onDemand(() =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "name must not be empty."),
      z.maxLength(200, "name must be at most 200 characters."),
    ),
);

export const OrganizationListSummary = onDemand(() =>
  z.object({
    id: z.int(),
    name: z.string(),
    url: z.string(),
    organizations_count: z.int(),
    type: z.enum(["user", "group"]),
    read_only: z.boolean(),
    deletable: z.boolean(),
    deleted: z.optional(z.boolean()),
    include_in_signals: z.optional(z.boolean()),
  }),
);
export type OrganizationListSummary = z.infer<typeof OrganizationListSummary>;

export const OrganizationListMember = onDemand(() =>
  z.object({
    id: maybe(z.int()),
    name: maybe(z.string()),
    slug: maybe(z.string()),
    service_url: maybe(z.string()),
    url: maybe(z.string()),
    employee_count: maybe(z.int()),
    account_status: maybe(z.enum(ACCOUNT_STATUSES)),
    crm_url: maybe(z.string()),
  }),
);
export type OrganizationListMember = z.infer<typeof OrganizationListMember>;

export const OrganizationListsResponse = onDemand(() =>
  z.object({
    ...envelopeShape(),
    organization_lists: z.array(OrganizationListSummary),
  }),
);
export type OrganizationListsResponse = z.infer<typeof OrganizationListsResponse>;

export const OrganizationListResponse = onDemand(() =>
  z.object({
    ...envelopeShape(),
    list_info: OrganizationListSummary,
    organizations: z.array(OrganizationListMember),
  }),
);
export type OrganizationListResponse = z.infer<typeof OrganizationListResponse>;

export const CreateListRequest = onDemand(() => z.strictObject({ name: ListName }));
export type CreateListRequest = z.infer<typeof CreateListRequest>;

/** The spec gives `{id, name}`; the real schema also requires `url` (design §3.4). */
export const CreateOrganizationListResponse = onDemand(() =>
  z.object({
    id: z.int(),
    name: z.string(),
    url: maybe(z.string()),
  }),
);
export type CreateOrganizationListResponse = z.infer<typeof CreateOrganizationListResponse>;

export const RenameListRequest = onDemand(() => z.strictObject({ name: ListName }));
export const RenameListResponse = onDemand(() =>
  z.object({ id: z.int(), name: z.string(), url: maybe(z.string()) }),
);
export type RenameListResponse = z.infer<typeof RenameListResponse>;

export const SetListDeletedRequest = onDemand(() => z.strictObject({ deleted: z.boolean() }));
export const SetListDeletedResponse = onDemand(() => z.object({ id: z.int(), deleted: z.boolean() }));
export type SetListDeletedResponse = z.infer<typeof SetListDeletedResponse>;

export const AddOrganizationsRequest = onDemand(() =>
  z
    .strictObject({
      organization_ids: z.optional(z.array(z.int())),
      organization_slugs: z.optional(z.array(z.string())),
    })
    .check(
      z.refine((b) => (b.organization_ids?.length ?? 0) + (b.organization_slugs?.length ?? 0) > 0, {
        message: "Send organization_ids or organization_slugs to add.",
      }),
    ),
);
export type AddOrganizationsRequest = z.infer<typeof AddOrganizationsRequest>;

export const AddOrganizationsResponse = onDemand(() =>
  z.object({
    added: z.array(z.int()),
    failed_ids: z.array(z.int()),
    failed_slugs: z.array(z.string()),
  }),
);
export type AddOrganizationsResponse = z.infer<typeof AddOrganizationsResponse>;

export const SetListSignalsRequest = onDemand(() => z.strictObject({ include_in_signals: z.boolean() }));
export const SetListSignalsResponse = onDemand(() =>
  z.object({ id: z.int(), include_in_signals: z.boolean() }),
);
export type SetListSignalsResponse = z.infer<typeof SetListSignalsResponse>;

export const ContactListSummary = onDemand(() =>
  z.object({
    id: z.int(),
    name: z.string(),
    people_count: z.int(),
    url: z.string(),
  }),
);
export type ContactListSummary = z.infer<typeof ContactListSummary>;

export const ContactListPerson = onDemand(() =>
  z.object({
    id: z.union([z.int(), z.string()]),
    url: z.string(),
    name: z.string(),
    job_title: maybe(z.string()),
    job_function_name: maybe(z.string()),
    job_function_slug: maybe(z.string()),
    linkedin_url: maybe(z.string()),
    organization_id: maybe(z.int()),
    organization_name: maybe(z.string()),
    organization_slug: maybe(z.string()),
    contact_info: maybe(
      z.object({
        emails: z.array(z.string()),
        phone: maybe(z.string()),
        requested: z.optional(z.object({ email: z.optional(z.boolean()), phone: z.optional(z.boolean()) })),
      }),
    ),
  }),
);
export type ContactListPerson = z.infer<typeof ContactListPerson>;

export const ContactListsResponse = onDemand(() =>
  z.object({
    ...envelopeShape(),
    contact_lists: z.array(ContactListSummary),
  }),
);
export type ContactListsResponse = z.infer<typeof ContactListsResponse>;

export const ContactListResponse = onDemand(() =>
  z.object({
    ...envelopeShape(),
    list_info: ContactListSummary,
    people: z.array(ContactListPerson),
  }),
);
export type ContactListResponse = z.infer<typeof ContactListResponse>;

export const CreateContactListResponse = onDemand(() =>
  z.object({ id: z.int(), name: z.string(), url: z.string() }),
);
export type CreateContactListResponse = z.infer<typeof CreateContactListResponse>;

export const AddContactsRequest = onDemand(() =>
  z.strictObject({
    people_ids: z.array(z.int()).check(z.minLength(1, "Send at least one person id.")),
  }),
);
export type AddContactsRequest = z.infer<typeof AddContactsRequest>;

/** The real example omits `url` although its schema requires it; the client accepts either. */
export const AddContactsResponse = onDemand(() =>
  z.object({
    url: maybe(z.string()),
    added: z.int(),
    already_on_list: z.int(),
  }),
);
export type AddContactsResponse = z.infer<typeof AddContactsResponse>;
