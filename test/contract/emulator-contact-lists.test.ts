// The contact-list endpoints through the real client: reads per item, create, add people (all or nothing), contact info once requested.
import { beforeEach, describe, expect, it } from "vitest";
import type { Person } from "../../emulator/dataset/types.ts";
import { createEmulatorState, type EmulatorState } from "../../emulator/index.ts";
import { call, manualClock } from "../../emulator/testing.ts";
import type { EnrichmentClient } from "../../src/api/client.ts";
import { apiError } from "../support/api-error.ts";
import { createAccount, emulatorClient, ledger } from "../support/emulator-client.ts";

let state: EmulatorState;
let client: EnrichmentClient;
let staff: Person[];
beforeEach(() => {
  state = createEmulatorState({ orgs: 800, rateLimit: false, now: manualClock().now });
  client = emulatorClient(state);
  const org = state.dataset.orgs.find((o) => o.peopleCount >= 20)!;
  staff = state.dataset.details(org).people;
});

const seeded = (id: number) => state.dataset.contactLists.find((l) => l.id === id)!;

describe("reading contact lists", () => {
  it("lists the lists for 1 credit each", () => {
    const response = client.contactLists();
    expect(response.contact_lists).toEqual([
      {
        id: 8001,
        name: "Champions",
        people_count: 20,
        url: "https://app.enrichment.example/lists/contacts/8001",
      },
      {
        id: 8002,
        name: "Conference follow-up",
        people_count: 12,
        url: "https://app.enrichment.example/lists/contacts/8002",
      },
    ]);
    expect(response.credits_used).toBe(2);
    expect(ledger(state).at(-1)).toMatchObject({ path: "/v9/contact-lists", credits: 2 });
  });

  it("reads a list's people for 1 credit each, with contact info for those requested", () => {
    const response = client.contactList(8001);
    expect(response.list_info).toMatchObject({ id: 8001, people_count: 20 });
    expect(response.people.map((p) => p.id)).toEqual(seeded(8001).contacts.map((c) => c.personId));
    expect(response.credits_used).toBe(20);
    for (const [i, contact] of seeded(8001).contacts.entries()) {
      const person = state.dataset.person(contact.personId)!;
      const row = response.people[i]!;
      expect(row).toMatchObject({ name: person.name, job_title: person.title });
      if (!contact.emailRequested && !contact.phoneRequested) {
        expect(row.contact_info).toBeUndefined();
        continue;
      }
      expect(row.contact_info).toEqual({
        emails: contact.emailRequested && person.email ? [person.email] : [],
        phone: contact.phoneRequested ? (person.phone ?? null) : null,
        requested: { email: contact.emailRequested, phone: contact.phoneRequested },
      });
    }
    expect(seeded(8001).contacts.some((c) => c.emailRequested)).toBe(true);
    expect(seeded(8001).contacts.some((c) => !c.emailRequested && !c.phoneRequested)).toBe(true);
  });
});

describe("changing contact lists", () => {
  it("creates a list and adds people for free, counting those already on it", () => {
    const created = client.createContactList("Data leaders");
    expect(created).toEqual({
      id: 8501,
      name: "Data leaders",
      url: "https://app.enrichment.example/lists/contacts/8501",
    });
    const [a, b, c] = staff;
    expect(client.addContacts(8501, [a!.id, b!.id])).toEqual({
      url: created.url,
      added: 2,
      already_on_list: 0,
    });
    expect(client.addContacts(8501, [b!.id, c!.id, c!.id])).toEqual({
      url: created.url,
      added: 1,
      already_on_list: 2,
    });
    expect(ledger(state)).toEqual([]);
    const read = client.contactList(8501);
    expect(read.people.map((p) => p.id)).toEqual([a!.id, b!.id, c!.id]);
    expect(read.people[0]).toMatchObject({
      id: a!.id,
      name: a!.name,
      organization_id: state.dataset.orgs[a!.orgIndex]!.id,
      linkedin_url: `https://www.linkedin.com/in/${a!.linkedinSlug}`,
    });
    expect(read.people[0]!.contact_info).toBeUndefined();
    expect(read.credits_used).toBe(3);
    expect(client.contactLists().contact_lists.map((l) => l.id)).toEqual([8001, 8002, 8501]);
  });

  it("adds nothing when any person id is unknown, and says which", () => {
    const error = apiError(() => client.addContacts(8002, [staff[0]!.id, 17, 18]));
    expect(error.status).toBe(400);
    expect(error.detail).toBe(
      "No person has id 17, 18. Nothing was added; send person ids from POST /v9/people.",
    );
    expect(client.contactList(8002).list_info.people_count).toBe(12);
  });

  it("shows an e-mail the account revealed through the people endpoint", () => {
    const person = staff.find((p) => p.email)!;
    const { request_id } = client.startPeopleJob({
      people: [{ person_id: person.id }],
      select: { attributes: ["email"] },
    });
    for (let i = 0; i < 3; i++) client.pollPeopleJob(request_id!);
    client.createContactList("Revealed");
    client.addContacts(8501, [person.id]);
    expect(client.contactList(8501).people[0]!.contact_info).toEqual({
      emails: [person.email],
      phone: null,
      requested: { email: true, phone: false },
    });
  });

  it("keeps each account's lists to itself", () => {
    client.createContactList("Mine");
    createAccount(state, "other-key", 100);
    const other = emulatorClient(state, "other-key");
    expect(other.contactLists().contact_lists.map((l) => l.id)).toEqual([8001, 8002]);
    const error = apiError(() => other.contactList(8501));
    expect(error.status).toBe(404);
    expect(error.detail).toBe("No contact list has id 8501 for this API key. See GET /v9/contact-lists.");
  });
});

describe("bad input", () => {
  it.each(
    (
      [
        ["POST", "/v9/contact-lists", {}, ["body", "name"], "Field required"],
        ["POST", "/v9/contact-lists", { name: "   " }, ["body", "name"], "name must not be empty."],
        ["POST", "/v9/contact-lists", { name: ["a"] }, ["body", "name"], "Input should be a valid string"],
        ["POST", "/v9/contact-lists/8001/people", {}, ["body", "people_ids"], "Field required"],
        [
          "POST",
          "/v9/contact-lists/8001/people",
          { people_ids: [] },
          ["body", "people_ids"],
          "Send at least one person id.",
        ],
        [
          "POST",
          "/v9/contact-lists/8001/people",
          { people_ids: ["a"] },
          ["body", "people_ids", 0],
          "Input should be a valid integer",
        ],
        [
          "POST",
          "/v9/contact-lists/8001/people",
          { people_ids: [1], note: "x" },
          ["body", "note"],
          'Extra inputs are not permitted: "note" is not a field here.',
        ],
        [
          "POST",
          "/v9/contact-lists/x/people",
          { people_ids: [1] },
          ["path", "list_id"],
          "Input should be a valid integer, unable to parse string as an integer",
        ],
        [
          "GET",
          "/v9/contact-lists/1e3",
          undefined,
          ["path", "list_id"],
          "Input should be a valid integer, unable to parse string as an integer",
        ],
      ] as [string, string, unknown, unknown, unknown][]
    ).map(([method, path, body, loc, msg]) => ({ method, path, body, loc, msg })),
  )("answers $method $path with 422: $msg", ({ method, path, body, loc, msg }) => {
    const response = call(state, method, path, body === undefined ? {} : { body });
    expect(response.status).toBe(422);
    expect(response.body.detail[0]).toMatchObject({ loc, msg });
  });

  it("answers an unknown list with 404", () => {
    const response = call(state, "POST", "/v9/contact-lists/999/people", {
      body: { people_ids: [staff[0]!.id] },
    });
    expect(response.status).toBe(404);
    expect(response.body.detail).toBe(
      "No contact list has id 999 for this API key. See GET /v9/contact-lists.",
    );
  });
});
