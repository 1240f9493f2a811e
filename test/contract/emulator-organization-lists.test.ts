// The organization-list endpoints through the real client: reads per item, create, rename, soft delete and restore, members, signals, territories.
import { beforeEach, describe, expect, it } from "vitest";
import { createEmulatorState, type EmulatorState } from "../../emulator/index.ts";
import { call, manualClock } from "../../emulator/testing.ts";
import type { EnrichmentClient } from "../../src/api/client.ts";
import { apiError } from "../support/api-error.ts";
import { chargedSince, createAccount, emulatorClient, ledger } from "../support/emulator-client.ts";

let state: EmulatorState;
let client: EnrichmentClient;
beforeEach(() => {
  state = createEmulatorState({ orgs: 800, rateLimit: false, now: manualClock().now });
  client = emulatorClient(state);
});

const seeded = (id: number) => state.dataset.orgLists.find((l) => l.id === id)!;
const memberIds = (id: number) => seeded(id).orgIndexes.map((i) => state.dataset.orgs[i]!.id);

describe("reading lists", () => {
  it("lists the live lists for 1 credit each, and the deleted one too when asked", () => {
    const live = client.organizationLists();
    expect(live.organization_lists.map((l) => l.id)).toEqual([7001, 7002, 7003, 7005, 7101, 7102]);
    expect(live.credits_used).toBe(6);
    const all = client.organizationLists(true);
    expect(all.organization_lists.map((l) => l.id)).toEqual([7001, 7002, 7003, 7004, 7005, 7101, 7102]);
    expect(all.organization_lists.find((l) => l.id === 7004)).toMatchObject({ deleted: true });
    expect(all.credits_used).toBe(7);
    expect(ledger(state).map((e) => e.credits)).toEqual([6, 7]);
    expect(live.organization_lists[0]).toEqual({
      id: 7001,
      name: "My Accounts",
      url: "https://app.enrichment.example/lists/organizations/7001",
      organizations_count: seeded(7001).orgIndexes.length,
      type: "user",
      read_only: false,
      deletable: false,
      deleted: false,
      include_in_signals: true,
    });
    expect(live.organization_lists.find((l) => l.id === 7101)).toMatchObject({
      type: "group",
      read_only: true,
      deletable: false,
    });
  });

  it("reads a list's organizations for 1 credit each, with CRM fields for a CRM seat", () => {
    const response = client.organizationList(7001);
    expect(response.organizations.map((o) => o.id)).toEqual(memberIds(7001));
    expect(response.credits_used).toBe(25);
    expect(response.list_info.organizations_count).toBe(25);
    for (const member of response.organizations) {
      expect(member.account_status).toBeDefined();
      expect(member.url).toMatch(/^https:\/\//);
      if (member.account_status === "not_in_crm") expect(member.crm_url).toBeUndefined();
      else expect(member.crm_url).toMatch(/^https:\/\/crm\.example\.com\//);
    }
  });

  it("shows accounts without a CRM seat neither territories nor CRM fields", () => {
    createAccount(state, "no-crm-key", 1000);
    const plain = emulatorClient(state, "no-crm-key");
    const lists = plain.organizationLists();
    expect(lists.organization_lists.map((l) => l.id)).toEqual([7001, 7002, 7003, 7005]);
    expect(lists.credits_used).toBe(4);
    const members = plain.organizationList(7001).organizations;
    expect(members.every((m) => m.account_status === undefined && m.crm_url === undefined)).toBe(true);
    const error = apiError(() => plain.organizationList(7101));
    expect(error.status).toBe(404);
    expect(error.detail).toBe(
      "No organization list has id 7101 for this API key. See GET /v9/organization-lists.",
    );
  });
});

describe("changing lists", () => {
  it("creates an empty list for free, for this account only", () => {
    const created = client.createOrganizationList("Fintech prospects");
    expect(created).toEqual({
      id: 7501,
      name: "Fintech prospects",
      url: "https://app.enrichment.example/lists/organizations/7501",
    });
    expect(client.createOrganizationList("Fintech prospects").id).toBe(7502);
    expect(ledger(state)).toEqual([]);
    expect(client.organizationList(7501)).toMatchObject({
      list_info: { id: 7501, organizations_count: 0, type: "user", deletable: true, read_only: false },
      organizations: [],
      credits_used: 0,
    });
    createAccount(state, "other-key", 1000);
    const other = emulatorClient(state, "other-key");
    expect(other.organizationLists().organization_lists.map((l) => l.id)).not.toContain(7501);
    expect(apiError(() => other.organizationList(7501)).status).toBe(404);
  });

  it("adds organizations by id and slug, naming the ones it could not find, for free", () => {
    const { id } = client.createOrganizationList("Targets");
    const [a, b, c] = state.dataset.orgs;
    const response = client.addOrganizationsToList(id, {
      organization_ids: [a!.id, 99, a!.id],
      organization_slugs: [b!.slug, "no-such-org", c!.slug.toUpperCase()],
    });
    expect(response).toEqual({
      added: [a!.id, b!.id, c!.id],
      failed_ids: [99],
      failed_slugs: ["no-such-org"],
    });
    expect(client.addOrganizationsToList(id, { organization_ids: [b!.id] }).added).toEqual([b!.id]);
    expect(ledger(state)).toEqual([]);
    const read = client.organizationList(id);
    expect(read.organizations.map((o) => o.id)).toEqual([a!.id, b!.id, c!.id]);
    expect(read.credits_used).toBe(3);
  });

  it("renames a list, names need not be unique; territories cannot be renamed", () => {
    expect(client.renameOrganizationList(7002, "My Accounts")).toEqual({
      id: 7002,
      name: "My Accounts",
      url: "https://app.enrichment.example/lists/organizations/7002",
    });
    expect(
      client.organizationLists().organization_lists.filter((l) => l.name === "My Accounts"),
    ).toHaveLength(2);
    const error = apiError(() => client.renameOrganizationList(7101, "Mine now"));
    expect(error.status).toBe(403);
    expect(error.detail).toBe(
      'List 7101 "Territory: North America Enterprise" is a read-only territory synced from your CRM; it cannot be renamed. Change it in the CRM, or copy its organizations to a list of your own.',
    );
    expect(ledger(state).reduce((sum, e) => sum + e.credits, 0)).toBe(6);
  });

  it("soft deletes and restores a list, its organizations unchanged", () => {
    const before = client.organizationList(7002).organizations.map((o) => o.id);
    const from = ledger(state).length;
    expect(client.setOrganizationListDeleted(7002, true)).toEqual({ id: 7002, deleted: true });
    expect(client.organizationLists().organization_lists.map((l) => l.id)).not.toContain(7002);
    const hidden = apiError(() => client.organizationList(7002));
    expect(hidden.status).toBe(404);
    expect(hidden.detail).toBe(
      'List 7002 "Q3 Expansion Targets" is deleted. Read it with include_deleted=true, or restore it with POST /v9/organization-lists/7002/deleted.',
    );
    const deleted = client.organizationList(7002, true);
    expect(deleted.list_info.deleted).toBe(true);
    expect(deleted.organizations.map((o) => o.id)).toEqual(before);
    expect(client.setOrganizationListDeleted(7002, true)).toEqual({ id: 7002, deleted: true });
    expect(client.setOrganizationListDeleted(7002, false)).toEqual({ id: 7002, deleted: false });
    const restored = client.organizationList(7002);
    expect(restored.list_info.deleted).toBe(false);
    expect(restored.organizations.map((o) => o.id)).toEqual(before);
    // One listing of the 5 live lists and two reads of the 40 members; deleting and restoring are free.
    expect(chargedSince(state, from)).toBe(85);
  });

  it("restores the seeded deleted list with its members", () => {
    expect(client.setOrganizationListDeleted(7004, false)).toEqual({ id: 7004, deleted: false });
    expect(client.organizationList(7004).organizations.map((o) => o.id)).toEqual(memberIds(7004));
  });

  it("refuses changes to a deleted list until it is restored", () => {
    client.setOrganizationListDeleted(7003, true);
    const expected =
      'List 7003 "Data Infrastructure Prospects" is deleted. Restore it with POST /v9/organization-lists/7003/deleted {"deleted": false} first.';
    for (const run of [
      () => client.renameOrganizationList(7003, "x"),
      () => client.addOrganizationsToList(7003, { organization_ids: [state.dataset.orgs[0]!.id] }),
      () => client.setOrganizationListSignals(7003, false),
    ]) {
      const error = apiError(run);
      expect(error.status).toBe(404);
      expect(error.detail).toBe(expected);
    }
    client.setOrganizationListDeleted(7003, false);
    expect(client.renameOrganizationList(7003, "Warehouses").name).toBe("Warehouses");
  });

  it("refuses to delete the default list or a territory, or to add to a territory", () => {
    const mine = apiError(() => client.setOrganizationListDeleted(7001, true));
    expect(mine.status).toBe(403);
    expect(mine.detail).toBe('List 7001 "My Accounts" is your default list and cannot be deleted.');
    const territory = apiError(() => client.setOrganizationListDeleted(7102, true));
    expect(territory.status).toBe(403);
    expect(territory.detail).toBe(
      'List 7102 "Territory: EMEA Mid-Market" is a read-only territory synced from your CRM; it cannot be deleted. Change it in the CRM, or copy its organizations to a list of your own.',
    );
    const add = apiError(() =>
      client.addOrganizationsToList(7102, { organization_ids: [state.dataset.orgs[0]!.id] }),
    );
    expect(add.status).toBe(403);
    expect(add.detail).toBe(
      'List 7102 "Territory: EMEA Mid-Market" is a read-only territory synced from your CRM; it cannot take organizations. Change it in the CRM, or copy its organizations to a list of your own.',
    );
    expect(client.organizationList(7102).list_info.organizations_count).toBe(seeded(7102).orgIndexes.length);
  });

  it("sets include_in_signals, territories included", () => {
    expect(client.setOrganizationListSignals(7002, false)).toEqual({ id: 7002, include_in_signals: false });
    expect(client.setOrganizationListSignals(7101, false)).toEqual({ id: 7101, include_in_signals: false });
    const lists = client.organizationLists().organization_lists;
    expect(lists.find((l) => l.id === 7002)!.include_in_signals).toBe(false);
    expect(lists.find((l) => l.id === 7101)!.include_in_signals).toBe(false);
    expect(client.setOrganizationListSignals(7002, true)).toEqual({ id: 7002, include_in_signals: true });
  });
});

describe("bad input", () => {
  it.each(
    (
      [
        ["POST", "/v9/organization-lists", {}, ["body", "name"], "Field required"],
        ["POST", "/v9/organization-lists", { name: 5 }, ["body", "name"], "Input should be a valid string"],
        ["POST", "/v9/organization-lists", { name: "  " }, ["body", "name"], "name must not be empty."],
        [
          "POST",
          "/v9/organization-lists",
          { name: "a", color: "red" },
          ["body", "color"],
          'Extra inputs are not permitted: "color" is not a field here.',
        ],
        [
          "POST",
          "/v9/organization-lists/7002/name",
          { name: "a".repeat(201) },
          ["body", "name"],
          "name must be at most 200 characters.",
        ],
        [
          "POST",
          "/v9/organization-lists/7002/deleted",
          { deleted: "yes" },
          ["body", "deleted"],
          "Input should be a valid boolean",
        ],
        ["POST", "/v9/organization-lists/7002/deleted", {}, ["body", "deleted"], "Field required"],
        [
          "POST",
          "/v9/organization-lists/7002/organizations",
          {},
          ["body"],
          "Send organization_ids or organization_slugs to add.",
        ],
        [
          "POST",
          "/v9/organization-lists/7002/organizations",
          { organization_ids: ["a"] },
          ["body", "organization_ids", 0],
          "Input should be a valid integer",
        ],
        ["POST", "/v9/organization-lists/7002/signals", {}, ["body", "include_in_signals"], "Field required"],
        [
          "POST",
          "/v9/organization-lists/7002/signals",
          { include_in_signals: 1 },
          ["body", "include_in_signals"],
          "Input should be a valid boolean",
        ],
        [
          "GET",
          "/v9/organization-lists/seven",
          undefined,
          ["path", "list_id"],
          "Input should be a valid integer, unable to parse string as an integer",
        ],
        [
          "POST",
          "/v9/organization-lists/7.5/name",
          { name: "a" },
          ["path", "list_id"],
          "Input should be a valid integer, unable to parse string as an integer",
        ],
      ] as [string, string, unknown, unknown, unknown][]
    ).map(([method, path, body, loc, msg]) => ({ method, path, body, loc, msg })),
  )("answers $method $path with 422: $msg", ({ method, path, body, loc, msg }) => {
    const response = call(state, method, path, body === undefined ? {} : { body });
    expect(response.status).toBe(422);
    expect(response.body.detail[0]).toMatchObject({ loc, msg });
    expect(ledger(state)).toEqual([]);
  });

  it("answers an include_deleted that is not a boolean with 422", () => {
    const response = call(state, "GET", "/v9/organization-lists", { query: { include_deleted: ["maybe"] } });
    expect(response.status).toBe(422);
    expect(response.body.detail).toEqual([
      {
        loc: ["query", "include_deleted"],
        msg: "Input should be a valid boolean, unable to interpret input: send include_deleted=true or include_deleted=false.",
        type: "bool_parsing",
        input: "maybe",
      },
    ]);
  });

  it("answers a list id that is not the caller's with 404", () => {
    const response = call(state, "POST", "/v9/organization-lists/9999/deleted", { body: { deleted: true } });
    expect(response.status).toBe(404);
    expect(response.body.detail).toBe(
      "No organization list has id 9999 for this API key. See GET /v9/organization-lists.",
    );
  });
});
