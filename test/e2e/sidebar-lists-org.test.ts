// Organization lists through the built bundle against the emulator: browse (deleted ones on request),
// create from a column with each row's result beside it, add, import, rename, delete and restore, signals,
// territories refused with the service's own sentence, and every malformed request refused up front.
import { describe, expect, it } from "vitest";
import { LOG_SHEET } from "../../src/core/jobs/enrichment-log.ts";
import { ADDED, NOT_FOUND_ID, NOT_FOUND_MATCH, NOT_FOUND_SLUG } from "../../src/server/lists/rows.ts";
import { failure, jobsWorld, ledgerTotal, logRows, run } from "./bulk-world.ts";

interface ListView {
  id: number;
  name: string;
  count: number;
  type: string;
  readOnly: boolean;
  deletable: boolean;
  deleted: boolean;
  includeInSignals: boolean;
  importCredits: number;
}

describe("getSelectedColumn", () => {
  it("describes the selected column, its header skipped, ids counted", async () => {
    const { gas, emulator } = await jobsWorld();
    const [a, b] = emulator.dataset.orgs;
    gas.sheet("Sheet1").set("A1", [["Organization id"], [a!.id], [""], [b!.slug], [String(b!.id)]]);
    gas.select("A1:C5");
    expect(run(gas, "getSelectedColumn")).toEqual({
      sheetName: "Sheet1",
      range: "A1:A5",
      columns: 3,
      header: "Organization id",
      rows: 4,
      filled: 3,
      ids: 2,
      firstId: a!.id,
      toMatch: 1,
      slugs: 1,
      firstOrganization: { text: String(a!.id), id: a!.id },
      label: "Sheet1!A2:A5 · 4 rows · 2 ids · 1 slug · first of 3 columns",
    });
  });

  it("keeps a first cell that is data", async () => {
    const { gas, emulator } = await jobsWorld();
    gas.sheet("Sheet1").set("B3", [[emulator.dataset.orgs[0]!.slug]]);
    gas.select("B3");
    expect(run(gas, "getSelectedColumn")).toMatchObject({ range: "B3", header: null, rows: 1, ids: 0 });
  });
});

describe("organization lists", () => {
  it("reads the lists for 1 credit each, deleted ones only on request, and logs the charge", async () => {
    const { gas, emulator } = await jobsWorld();
    const plain = run<{ lists: ListView[]; creditsUsed: number; credits: { remaining: number } }>(
      gas,
      "getOrganizationLists",
      {},
    );
    expect(plain.lists.some((l) => l.deleted)).toBe(false);
    expect(plain.creditsUsed).toBe(plain.lists.length);
    const all = run<{ lists: ListView[]; creditsUsed: number }>(gas, "getOrganizationLists", {
      includeDeleted: true,
    });
    expect(all.lists.length).toBe(plain.lists.length + 1);
    const territory = all.lists.find((l) => l.type === "group")!;
    expect(territory).toMatchObject({ readOnly: true, deletable: false });
    expect(all.lists.find((l) => l.name === "My Accounts")).toMatchObject({
      deletable: false,
      importCredits: 25,
    });
    expect(ledgerTotal(emulator)).toBe(plain.lists.length * 2 + 1);
    expect(logRows(gas).map((row) => [row[1], row[3]])).toEqual([
      ["Read organization lists", plain.lists.length],
      ["Read organization lists (deleted ones too)", all.lists.length],
    ]);
    // The log sheet is made, but the person stays on the sheet they were on.
    expect(gas.cell("A1").value).toBe("");
    expect(gas.sheet(LOG_SHEET).values()[0]![0]).toBe("Time (UTC)");
  });

  it("round-trips a list: created from a column, added to, imported, renamed, deleted and restored", async () => {
    const { gas, emulator } = await jobsWorld();
    const [a, b, c, d] = emulator.dataset.orgs;
    gas
      .sheet("Sheet1")
      .set("A1", [
        ["Organization id"],
        [a!.id],
        [b!.slug],
        ["acme.com"],
        [999_999_999],
        [""],
        ["no-such-slug"],
        [a!.id],
      ]);
    gas.sheet("Sheet1").set("B1", [["Typed note"]]);
    const created = run<{ list: ListView; report: { added: number; reportRange: string; message: string } }>(
      gas,
      "createOrganizationList",
      { name: "  Targets  ", selection: { sheetName: "Sheet1", range: "A1:A8" } },
    );
    expect(created.list).toMatchObject({ name: "Targets", count: 2, type: "user", importCredits: 2 });
    // Column B has a typed cell in the header row only: the data rows are empty, so the statuses go there,
    // and the label stays out of the typed cell.
    expect(created.report.reportRange).toBe("Sheet1!B2:B8");
    expect(created.report.message).toBe(
      "3 rows added, 3 rows not found. Each row's result is in Sheet1!B2:B8. Matching domains and names to ids cost 0 credits.",
    );
    expect(
      gas
        .sheet("Sheet1")
        .values("B1:B8")
        .map((row) => row[0]),
    ).toEqual(["Typed note", ADDED, ADDED, NOT_FOUND_MATCH, NOT_FOUND_ID, "", NOT_FOUND_SLUG, ADDED]);

    gas.sheet("Sheet1").set("D1", [["Slug"], [c!.slug], [d!.slug]]);
    const added = run<{ added: number; reportRange: string }>(gas, "addSelectionToOrganizationList", {
      listId: created.list.id,
      listName: "Targets",
      selection: { sheetName: "Sheet1", range: "D1:D3" },
    });
    expect(added).toMatchObject({ added: 2, notFound: 0, reportRange: "Sheet1!E1:E3" });
    expect(
      gas
        .sheet("Sheet1")
        .values("E1:E3")
        .map((row) => row[0]),
    ).toEqual(['List "Targets"', ADDED, ADDED]);

    const before = ledgerTotal(emulator);
    const imported = run<{ sheetName: string; rows: number; creditsUsed: number }>(
      gas,
      "importOrganizationList",
      {
        listId: created.list.id,
      },
    );
    expect(imported).toMatchObject({ sheetName: "List - Targets", rows: 4, creditsUsed: 4 });
    expect(ledgerTotal(emulator) - before).toBe(4);
    const sheet = gas.sheet("List - Targets").values();
    expect(sheet[0]).toEqual([
      "Organization id",
      "Name",
      "Slug",
      "Domain",
      "Employees",
      "Account status",
      "Link",
      "CRM link",
    ]);
    expect(
      sheet
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual([a!.id, b!.id, c!.id, d!.id].sort());
    // Domains bare, as Find writes them; account statuses in the Signals sheet's words, never "not_in_crm".
    const words = { customer: "Customer", prospect: "Prospect", not_in_crm: "Not in CRM" } as const;
    for (const row of sheet.slice(1)) {
      const org = [a, b, c, d].find((o) => o!.id === row[0])!;
      expect([row[3], row[5]]).toEqual([org.domain, words[org.accountStatus]]);
    }

    expect(run(gas, "renameOrganizationList", { listId: created.list.id, name: "Renamed" })).toEqual({
      id: created.list.id,
      name: "Renamed",
    });
    expect(run(gas, "setOrganizationListDeleted", { listId: created.list.id, deleted: true })).toEqual({
      id: created.list.id,
      deleted: true,
    });
    const hidden = run<{ lists: ListView[] }>(gas, "getOrganizationLists", {});
    expect(hidden.lists.some((l) => l.id === created.list.id)).toBe(false);
    expect(run(gas, "setOrganizationListDeleted", { listId: created.list.id, deleted: false })).toEqual({
      id: created.list.id,
      deleted: false,
    });
    const back = run<{ lists: ListView[] }>(gas, "getOrganizationLists", {});
    expect(back.lists.find((l) => l.id === created.list.id)).toMatchObject({ name: "Renamed", count: 4 });
    expect(
      run(gas, "setOrganizationListSignals", { listId: created.list.id, includeInSignals: false }),
    ).toEqual({
      id: created.list.id,
      includeInSignals: false,
    });
  });

  it("writes the statuses after the sheet's last column when the column beside holds data", async () => {
    const { gas, emulator } = await jobsWorld();
    const [a] = emulator.dataset.orgs;
    gas.sheet("Sheet1").set("A1", [[a!.id, "keep", "", "x"]]);
    const report = run<{ reportRange: string }>(gas, "addSelectionToOrganizationList", {
      listId: 7002,
      selection: { sheetName: "Sheet1", range: "A1" },
    });
    expect(report.reportRange).toBe("Sheet1!E1");
    expect(gas.sheet("Sheet1").values("A1:E1")[0]).toEqual([a!.id, "keep", "", "x", ADDED]);
  });

  it("matches a column of domains, web addresses and names to ids first, at 1 credit per organization found", async () => {
    const { gas, emulator } = await jobsWorld();
    const [a, b, c] = emulator.dataset.orgs;
    gas
      .sheet("Sheet1")
      .set("A1", [
        [a!.domain],
        [`https://www.${b!.domain}/about`],
        [`sales@${a!.domain}`],
        ["no-such-org.example"],
        [c!.id],
      ]);
    const before = ledgerTotal(emulator);
    const created = run<{ list: ListView; report: { added: number; creditsUsed: number; message: string } }>(
      gas,
      "createOrganizationList",
      { name: "By domain", selection: { sheetName: "Sheet1", range: "A1:A5" } },
    );
    // A first cell that is a domain is data, not a header.
    expect(created.list.count).toBe(3);
    expect(created.report).toMatchObject({ added: 4, creditsUsed: 2 });
    expect(created.report.message).toBe(
      "4 rows added, 1 row not found. Each row's result is in Sheet1!B1:B5. Matching domains and names to ids cost 2 credits.",
    );
    expect(
      gas
        .sheet("Sheet1")
        .values("B1:B5")
        .map((row) => row[0]),
    ).toEqual([ADDED, ADDED, ADDED, NOT_FOUND_MATCH, ADDED]);
    // Three organizations to match (the e-mail names a's domain again), two found: 2 credits.
    expect(ledgerTotal(emulator) - before).toBe(2);
    expect(logRows(gas).at(-1)?.slice(1, 4)).toEqual([
      'Find the ids of 3 organizations to add to list "By domain"',
      3,
      2,
    ]);
  });

  it("creates an empty list without a selection, and leaves no list behind when the column is unusable", async () => {
    const { gas } = await jobsWorld();
    const empty = run<{ list: ListView; report: null }>(gas, "createOrganizationList", { name: "Empty" });
    expect(empty).toMatchObject({ list: { name: "Empty", count: 0, importCredits: 0 }, report: null });
    gas.sheet("Sheet1").set("A1", [[true], ["#N/A"]]);
    expect(
      failure(gas, "createOrganizationList", {
        name: "Nope",
        selection: { sheetName: "Sheet1", range: "A1:A2" },
      }),
    ).toBe("Nothing to add: Sheet1!A1:A2 holds no organization ids, slugs, domains or names.");
    const lists = run<{ lists: ListView[] }>(gas, "getOrganizationLists", {});
    expect(lists.lists.map((l) => l.name)).not.toContain("Nope");
  });

  it("passes on the service's refusal to change a CRM territory or the default list", async () => {
    const { gas } = await jobsWorld();
    expect(failure(gas, "renameOrganizationList", { listId: 7101, name: "Mine" })).toBe(
      'The service refused: List 7101 "Territory: North America Enterprise" is a read-only territory synced from your CRM; it cannot be renamed. Change it in the CRM, or copy its organizations to a list of your own.',
    );
    expect(failure(gas, "setOrganizationListDeleted", { listId: 7001, deleted: true })).toBe(
      'The service refused: List 7001 "My Accounts" is your default list and cannot be deleted.',
    );
  });

  const SELECTION = { sheetName: "Sheet1", range: "A1:A3" };
  it.each([
    ["getOrganizationLists", [[true]], "Send {includeDeleted: false}."],
    ["getOrganizationLists", [{ includeDeleted: "yes" }], 'includeDeleted must be true or false; got "yes".'],
    ["importOrganizationList", [null], "Send {listId}."],
    [
      "importOrganizationList",
      [{ listId: 0 }],
      "Choose a list (listId must be a positive whole number; got 0).",
    ],
    [
      "importOrganizationList",
      [{ listId: "seven" }],
      'Choose a list (listId must be a positive whole number; got "seven").',
    ],
    ["createOrganizationList", [{}], "Give the list a name."],
    ["createOrganizationList", [{ name: "   " }], "Give the list a name."],
    ["createOrganizationList", [{ name: 42 }], "A list name must be text; got 42."],
    [
      "createOrganizationList",
      [{ name: "x".repeat(201) }],
      "A list name can have at most 200 characters; this one has 201.",
    ],
    [
      "createOrganizationList",
      [{ name: "ok", selection: "A1:A3" }],
      'Select a column of cells first (selection must be {sheetName: "Sheet1", range: "A2:A50"}).',
    ],
    [
      "createOrganizationList",
      [{ name: "ok", selection: { range: "A1:A3" } }],
      "Name the sheet of the selection (selection.sheetName).",
    ],
    [
      "createOrganizationList",
      [{ name: "ok", selection: { sheetName: "Sheet1", range: "A1:C3" } }],
      '"A1:C3" is not one column of cells. Select a single column, for example A2:A50 (selection.range).',
    ],
    [
      "createOrganizationList",
      [{ name: "ok", selection: { sheetName: "Gone", range: "A1:A3" } }],
      'There is no sheet named "Gone" in this spreadsheet any more. Select the cells again.',
    ],
    [
      "addSelectionToOrganizationList",
      [{ selection: SELECTION }],
      "Choose a list (listId must be a positive whole number; got nothing).",
    ],
    [
      "addSelectionToOrganizationList",
      [{ listId: 7002 }],
      'Select a column of cells first (selection must be {sheetName: "Sheet1", range: "A2:A50"}).',
    ],
    [
      "addSelectionToOrganizationList",
      [{ listId: 7002, selection: SELECTION }],
      "Nothing to add: Sheet1!A1:A3 holds no organization ids, slugs, domains or names.",
    ],
    ["renameOrganizationList", [{ listId: 7002 }], "Give the list a name."],
    ["setOrganizationListDeleted", [{ listId: 7002 }], "deleted must be true or false; got nothing."],
    [
      "setOrganizationListSignals",
      [{ listId: 7002, includeInSignals: "no" }],
      'includeInSignals must be true or false; got "no".',
    ],
  ])("%s refuses %j with the sentence the sidebar shows, sending nothing", async (name, args, message) => {
    const { gas } = await jobsWorld();
    expect(failure(gas, name, ...args)).toBe(message);
    expect(gas.fetches).toEqual([]);
  });

  it("reads an empty selected cell as one blank row, with no ids to offer", async () => {
    const { gas } = await jobsWorld();
    expect(run(gas, "getSelectedColumn")).toMatchObject({
      range: "A1",
      rows: 1,
      filled: 0,
      ids: 0,
      firstId: null,
      label: "Sheet1!A1 · 1 row",
    });
  });
});
