// Contact lists through the built bundle against the emulator: read for 1 credit a list, imported with
// contact details when the service has them (1 credit a person), created, added to from a column of
// person ids (counted added and already on the list), and malformed requests refused up front.
import { describe, expect, it } from "vitest";
import { CONTACT_HEADER, CONTACT_INFO_HEADER } from "../../src/server/lists/contacts.ts";
import { failure, jobsWorld, ledgerTotal, logRows, run } from "./bulk-world.ts";

interface ContactListView {
  id: number;
  name: string;
  count: number;
  importCredits: number;
}

describe("contact lists", () => {
  it("reads the lists and imports one with contact details, paying 1 credit per list and per person", async () => {
    const { gas, emulator } = await jobsWorld();
    const read = run<{ lists: ContactListView[]; creditsUsed: number }>(gas, "getContactLists");
    expect(read.lists.map((l) => l.name)).toEqual(["Champions", "Conference follow-up"]);
    expect(read.creditsUsed).toBe(2);
    const champions = read.lists[0]!;
    expect(champions.importCredits).toBe(champions.count);

    const imported = run<{ sheetName: string; rows: number; creditsUsed: number; message: string }>(
      gas,
      "importContactList",
      { listId: champions.id },
    );
    expect(imported).toMatchObject({
      sheetName: "Contacts - Champions",
      rows: champions.count,
      creditsUsed: champions.count,
    });
    expect(imported.message).toBe(
      `${champions.count} people of "Champions" written to "Contacts - Champions".`,
    );
    const rows = gas.sheet("Contacts - Champions").values();
    expect(rows[0]).toEqual([...CONTACT_HEADER, ...CONTACT_INFO_HEADER]);
    expect(rows.slice(1).some((row) => String(row[8]).includes("@"))).toBe(true);
    expect(ledgerTotal(emulator)).toBe(2 + champions.count);
    expect(logRows(gas).map((row) => row[1])).toEqual([
      "Read contact lists",
      'Import contact list "Champions"',
    ]);
  });

  it("creates a list and adds a column of person ids, counting added and already on the list", async () => {
    const { gas, emulator } = await jobsWorld();
    run(gas, "importContactList", { listId: 8001 });
    const ids = gas
      .sheet("Contacts - Champions")
      .values()
      .slice(1, 4)
      .map((row) => row[0] as number);
    const created = run<{ id: number; name: string }>(gas, "createContactList", { name: "Follow up" });
    expect(created.name).toBe("Follow up");
    gas.sheet("Sheet1").set("A1", [["Person id"], [ids[0]], [ids[1]], ["not an id"], [""]]);
    const first = run(gas, "addSelectionToContactList", {
      listId: created.id,
      selection: { sheetName: "Sheet1", range: "A1:A5" },
    });
    expect(first).toEqual({
      added: 2,
      alreadyOnList: 0,
      skipped: 1,
      message: "2 people added, 0 already on the list, 1 cell skipped (not person ids).",
    });
    gas.sheet("Sheet1").set("A5", [[ids[2]]]);
    const second = run(gas, "addSelectionToContactList", {
      listId: created.id,
      selection: { sheetName: "Sheet1", range: "A1:A5" },
    });
    expect(second).toMatchObject({ added: 1, alreadyOnList: 2 });
    const before = ledgerTotal(emulator);
    const imported = run<{ rows: number }>(gas, "importContactList", { listId: created.id });
    expect(imported.rows).toBe(3);
    expect(ledgerTotal(emulator) - before).toBe(3);
  });

  it("passes on the service's refusal of an unknown person id, nothing added", async () => {
    const { gas } = await jobsWorld();
    gas.sheet("Sheet1").set("A1", [[12]]);
    expect(
      failure(gas, "addSelectionToContactList", {
        listId: 8001,
        selection: { sheetName: "Sheet1", range: "A1" },
      }),
    ).toBe(
      "The enrichment service rejected the request. The service said: No person has id 12. Nothing was added; send person ids from POST /v9/people.",
    );
  });

  it.each([
    [
      "importContactList",
      [{}],
      "Choose a contact list (listId must be a positive whole number; got nothing).",
    ],
    ["importContactList", ["8001"], "Send {listId}."],
    ["createContactList", [{ name: "" }], "Give the list a name."],
    [
      "createContactList",
      [{ name: "y".repeat(300) }],
      "A list name can have at most 200 characters; this one has 300.",
    ],
    [
      "addSelectionToContactList",
      [{ listId: 8001 }],
      'Select a column of cells first (selection must be {sheetName: "Sheet1", range: "A2:A50"}).',
    ],
    [
      "addSelectionToContactList",
      [{ listId: 8001, selection: { sheetName: "Sheet1", range: "A1:A4" } }],
      "Nothing to add: Sheet1!A1:A4 holds no person ids.",
    ],
  ])("%s refuses %j with the sentence the sidebar shows, sending nothing", async (name, args, message) => {
    const { gas } = await jobsWorld();
    gas.sheet("Sheet1").set("A1", [["Person id"], ["Ann"], [""], ["Bo"]]);
    expect(failure(gas, name, ...args)).toBe(message);
    expect(gas.fetches).toEqual([]);
  });

  it("refuses more person ids than one request may carry, since the service adds all or none", async () => {
    const { gas } = await jobsWorld();
    gas.sheet("Sheet1").set(
      "A1",
      Array.from({ length: 1001 }, (_v, i) => [i + 1]),
    );
    expect(
      failure(gas, "addSelectionToContactList", {
        listId: 8001,
        selection: { sheetName: "Sheet1", range: "A1:A1001" },
      }),
    ).toBe("Add at most 1,000 people at a time; the selection has 1,001 person ids.");
    expect(gas.fetches).toEqual([]);
  });
});
