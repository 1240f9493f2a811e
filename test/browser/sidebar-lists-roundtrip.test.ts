// The Lists tab in Chromium on the playground and the emulator: a list created from a selected column,
// added to, imported into a new sheet, renamed, deleted and restored, each step through the real sidebar
// and checked against the sheet and the emulator's ledger.
import type { FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_API_KEY } from "../../emulator/accounts.ts";
import { call } from "../../emulator/testing.ts";
import { type RunningPlayground, startPlayground } from "../../playground/server/start-playground.ts";
import { ADDED, NOT_FOUND_MATCH } from "../../src/server/lists/rows.ts";
import { type Browser, launchChromium } from "./support/chromium.ts";
import { playgroundClient, shown } from "./support/playground-client.ts";
import { confirmPaid, ledgerEntries, openMenuItem } from "./support/sidebar-page.ts";

let browser: Browser;
let playground: RunningPlayground;
let page: Page;
let sidebar: FrameLocator;
let api: ReturnType<typeof playgroundClient>;

const ledger = () => ledgerEntries(playground);
const ledgerCount = () => ledger().length;

/**
 * How long a status line may take: a step makes one or more emulator requests of 500 ms real time each,
 * more than expect.poll's default second when other test files load the machine.
 */
const STATUS_WAIT = { timeout: 10_000 };

/** The sidebar's status lines, joined: what the person reads after each step. */
const statusText = async () => (await sidebar.locator("p.status").allTextContents()).join(" ");

beforeAll(async () => {
  browser = await launchChromium();
  playground = await startPlayground({ port: 0, tickMs: 0, sheets: [{ name: "Targets", values: [] }] });
  api = playgroundClient(playground.url);
  const orgs = playground.emulator!.state.dataset.orgs;
  await api.post("/api/cells", {
    sheet: "Targets",
    a1: "A1",
    values: [
      ["Organization id", "", "", "Slug"],
      [String(orgs[0]!.id), "", "", orgs[3]!.slug],
      [String(orgs[1]!.id), "", "", orgs[4]!.slug],
      [orgs[2]!.slug],
      ["acme.com"],
    ],
  });
  page = browser.page;
  await page.goto(playground.url);
  sidebar = page.frameLocator("#sidebar-frame");
  await openMenuItem(page, "Open sidebar");
  await sidebar.getByRole("tab", { name: "Lists" }).click();
});

afterAll(async () => {
  await browser?.close();
  await playground?.close();
});

describe("an organization list, round trip through the Lists tab", () => {
  it("reads the lists after saying what reading costs", async () => {
    await sidebar
      .getByText("Reading costs 1 credit per list; how many there are is known once read.")
      .waitFor();
    expect(ledger()).toEqual([]);
    await sidebar.getByRole("button", { name: "Read lists" }).click();
    expect(await confirmPaid(sidebar, "Read your organization lists?")).toBe(
      "Reading costs 1 credit per list; how many there are is known once read.",
    );
    await sidebar.getByRole("list", { name: "Organization lists" }).getByText("My Accounts").waitFor();
    const read = ledger();
    expect(read).toHaveLength(1);
    expect(read[0]!.path).toBe("/v9/organization-lists");
  });

  it("creates a list from the selected column and marks each row's result beside it", async () => {
    await api.post("/api/select", { sheet: "Targets", a1: "A1:A5" });
    await sidebar.getByLabel("List name").fill("Browser targets");
    const form = sidebar.locator("#create-list-form");
    await form.getByRole("button", { name: "Use selection" }).click();
    await form.getByText("Targets!A2:A5 · 4 rows · 2 ids · 1 slug · 1 domain or name").waitFor();
    await sidebar.getByRole("button", { name: "Create list from 4 rows" }).click();
    // acme.com is matched to an id first: asked with its price.
    const ask = sidebar.getByRole("alertdialog", { name: 'Create "Browser targets" from the selection?' });
    await ask.getByRole("button", { name: "Spend up to 1 credit" }).click();
    await expect
      .poll(statusText, STATUS_WAIT)
      .toContain(
        'List "Browser targets" created. 3 rows added, 1 row not found. Each row\'s result is in Targets!B1:B5. Matching domains and names to ids cost 0 credits.',
      );
    const state = await api.state("Targets");
    expect(["B1", "B2", "B3", "B4", "B5"].map((a1) => shown(state, a1))).toEqual([
      'List "Browser targets"',
      ADDED,
      ADDED,
      ADDED,
      NOT_FOUND_MATCH,
    ]);
    await sidebar.getByRole("list", { name: "Organization lists" }).getByText("Browser targets").waitFor();
  });

  it("adds another selected column to it", async () => {
    await api.post("/api/select", { sheet: "Targets", a1: "D1:D3" });
    const actions = sidebar.locator("#org-list-7501-actions");
    if (!(await actions.isVisible())) {
      await sidebar.getByRole("button", { name: "Actions for Browser targets" }).click();
    }
    await actions.getByRole("button", { name: "Use selection" }).click();
    await actions.getByText("Targets!D2:D3 · 2 rows").waitFor();
    await actions.getByRole("button", { name: "Add 2 rows" }).click();
    await expect
      .poll(statusText, STATUS_WAIT)
      .toContain('"Browser targets": 2 rows added. Each row\'s result is in Targets!E1:E3.');
    expect(shown(await api.state("Targets"), "E2")).toBe(ADDED);
  });

  it("imports it into a new sheet for 1 credit per organization", async () => {
    const actions = sidebar.locator("#org-list-7501-actions");
    const before = ledger().length;
    await actions.getByRole("button", { name: "Import to new sheet · up to 5 credits" }).click();
    expect(await confirmPaid(sidebar, /^Import ".*" to a new sheet\?$/)).toBe("Up to 5 credits.");
    await expect
      .poll(statusText, STATUS_WAIT)
      .toContain('5 organizations of "Browser targets" written to "List - Browser targets".');
    const charges = ledger().slice(before);
    expect(charges).toEqual([expect.objectContaining({ path: "/v9/organization-lists/7501", credits: 5 })]);
    const state = await api.state("List - Browser targets");
    expect(state.sheet.cells.filter((c) => c.col === 1).length).toBe(6);
    // Domains bare as Find writes them, account statuses in the Signals sheet's words (issue 41).
    const shown = (row: number, col: number) =>
      state.sheet.cells.find((c) => c.row === row && c.col === col)?.display;
    const words = { customer: "Customer", prospect: "Prospect", not_in_crm: "Not in CRM" } as const;
    const byId = new Map(playground.emulator!.state.dataset.orgs.map((o) => [String(o.id), o]));
    for (let row = 2; row <= 6; row++) {
      const org = byId.get(String(shown(row, 1)))!;
      expect([shown(row, 4), shown(row, 6)]).toEqual([org.domain, words[org.accountStatus]]);
    }
    await actions.getByRole("button", { name: "Import to new sheet · 5 credits" }).waitFor();
  });

  it("renames it", async () => {
    const actions = sidebar.locator("#org-list-7501-actions");
    await actions.getByRole("button", { name: "Rename…" }).click();
    await actions.getByLabel("New name").fill("Browser accounts");
    await actions.getByRole("button", { name: "Save name" }).click();
    await expect.poll(statusText, STATUS_WAIT).toContain('Renamed to "Browser accounts".');
    await sidebar.getByRole("button", { name: "Actions for Browser accounts" }).waitFor();
  });

  it("deletes it, then shows deleted lists and restores it", async () => {
    await sidebar.locator("#org-list-7501-actions").getByRole("button", { name: "Delete" }).click();
    await expect
      .poll(statusText, STATUS_WAIT)
      .toContain('"Browser accounts" deleted. Show deleted lists to restore it.');
    await expect.poll(() => sidebar.getByText("Browser accounts", { exact: true }).count()).toBe(0);

    // Reading the lists again is paid: it asks first, and Cancel leaves the box and the credits alone.
    const charges = ledgerCount();
    await sidebar.getByLabel("Show deleted lists").click();
    const ask = sidebar.getByRole("alertdialog", { name: "Show deleted lists?" });
    await ask
      .getByText(
        /^About [\d,]+ credits? for the \d+ lists read last time, plus 1 credit for each deleted list\.$/,
      )
      .waitFor();
    await ask.getByRole("button", { name: "Cancel" }).click();
    expect(await sidebar.getByLabel("Show deleted lists").isChecked()).toBe(false);
    expect(ledgerCount()).toBe(charges);
    await sidebar.getByLabel("Show deleted lists").click();
    await ask.getByRole("button", { name: "Read the lists" }).click();
    await expect.poll(() => sidebar.getByLabel("Show deleted lists").isChecked()).toBe(true);
    const row = sidebar
      .getByRole("list", { name: "Organization lists" })
      .locator("li", { hasText: "Browser accounts" });
    await row.getByText("Deleted").waitFor();
    const actions = sidebar.locator("#org-list-7501-actions");
    if (!(await actions.isVisible())) {
      await sidebar.getByRole("button", { name: "Actions for Browser accounts" }).click();
    }
    await actions.getByRole("button", { name: "Restore" }).click();
    await expect.poll(statusText, STATUS_WAIT).toContain('"Browser accounts" restored.');
    await expect.poll(() => row.getByText("Deleted").count()).toBe(0);
    const lists = call(playground.emulator!.state, "GET", "/v9/organization-lists", { apiKey: DEMO_API_KEY })
      .body.organization_lists as { id: number; name: string; deleted: boolean }[];
    expect(lists.find((l) => l.id === 7501)).toMatchObject({ name: "Browser accounts", deleted: false });
  });
});
