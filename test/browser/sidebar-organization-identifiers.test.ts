// Domains where an organization is asked for, in Chromium on the playground and the emulator: the tech
// stack and an organization's signals take the first domain of the selected column, and a list is made
// from a column of domains; each matches domains to ids (priced in the estimate and the question first)
// and charges what the estimate said.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDED } from "../../src/server/lists/rows.ts";
import { shown } from "./support/playground-client.ts";
import {
  answerEnrich,
  charged,
  confirmPaid,
  knownDomains,
  ledgerEntries,
  openMenuItem,
  openSidebarPage,
  type SidebarPage,
  selectRange,
} from "./support/sidebar-page.ts";

const MATCH_ONE = "1 domain or name to match first: up to 1 credit; ids are free.";

describe("one organization named by its domain", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  });

  afterAll(async () => {
    await world?.close();
  });

  it("imports the tech stack of a domain, the match priced first", async () => {
    const { page, sidebar, api } = world;
    const [domain] = knownDomains(world, 1);
    // The sample sheet's column A: "Domain", then domains.
    await api.post("/api/select", { sheet: "Companies", a1: "A1:A3" });
    await openMenuItem(page, "Open sidebar");
    await sidebar.getByRole("tab", { name: "More" }).click();
    await sidebar.getByRole("button", { name: /^Tech stack/ }).click();
    await sidebar.getByRole("button", { name: "Use selection" }).click();
    await expect
      .poll(() => sidebar.locator("#tech-stack-estimate").textContent())
      .toBe(`1 credit per organization. ${MATCH_ONE}`);
    const before = charged(world);
    await sidebar.getByRole("button", { name: `Import tech stack of ${domain}` }).click();
    const ask = sidebar.getByRole("alertdialog", { name: `Import the tech stack of ${domain}?` });
    await ask.getByText("Up to 2 credits.").waitFor();
    await ask.getByRole("button", { name: "Spend up to 2 credits" }).click();
    const status = sidebar.locator("#more-stack-body p.status");
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toMatch(/Spent 2 credits/);
    expect(charged(world)).toBe(before + 2);
    const paths = ledgerEntries(world.playground).map((entry) => entry.path);
    const org = world.playground.emulator!.state.dataset.orgs.find((o) => o.domain === domain)!;
    expect(paths.slice(-2)).toEqual(["/v9/organizations", `/v9/organizations/${org.id}/techs`]);
  });

  it("imports the signals of a domain, the match in the estimate", async () => {
    const { sidebar, api } = world;
    const [domain] = knownDomains(world, 1);
    await api.post("/api/select", { sheet: "Companies", a1: "A1:A3" });
    await sidebar.getByRole("tab", { name: "Signals" }).click();
    const section = sidebar.locator('section[aria-labelledby="org-signals-title"]');
    await section.getByRole("button", { name: "Use selection" }).click();
    await expect
      .poll(() => sidebar.locator("#org-signals-cost").textContent())
      .toBe(
        `At most 100 credits: up to 100 signals × 1 credit, the newest of the last 30 days. ${MATCH_ONE}`,
      );
    const before = charged(world);
    await section.getByRole("button", { name: `Import signals of ${domain}` }).click();
    await confirmPaid(sidebar, `Import the signals of ${domain}?`);
    const status = section.locator("p.status");
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toMatch(/Spent \d+ credits?/);
    const spent = Number(/Spent (\d+) credit/.exec((await status.textContent()) ?? "")?.[1]);
    expect(charged(world) - before).toBe(spent);
    const entries = ledgerEntries(world.playground);
    const match = entries.filter((entry) => entry.path === "/v9/organizations").at(-1);
    expect(match?.credits).toBe(1);
  });

  it("imports the signal feed of a column of domains, the match in the estimate and paid once", async () => {
    const { sidebar, api } = world;
    await api.post("/api/select", { sheet: "Companies", a1: "A1:A4" });
    await sidebar.getByRole("tab", { name: "Signals" }).click();
    await sidebar
      .getByRole("group", { name: "Organizations (optional)" })
      .getByRole("button", { name: "Use selection" })
      .click();
    await sidebar.getByLabel("How many signals").fill("20");
    await expect
      .poll(() => sidebar.locator("#feed-estimate").textContent(), { timeout: 10_000 })
      .toMatch(
        /^Up to 23 credits · .* · 3 domains or names to match first: up to 3 credits; ids are free · none returned, free$/,
      );
    const before = charged(world);
    await sidebar.getByRole("button", { name: "Import up to 20 signals" }).click();
    await confirmPaid(sidebar, "Import up to 20 signals?");
    // The feed's own status line (the first on the tab): the organization-signals line below still says
    // what the previous test spent, and the import must be over before the next test matches again.
    const status = async () => (await sidebar.locator("p.status").first().textContent()) ?? "";
    await expect.poll(status, { timeout: 20_000 }).toMatch(/(Spent [\d,]+ credits?|match these filters)/);
    const entries = ledgerEntries(world.playground);
    const matches = entries.filter((entry) => entry.path === "/v9/organizations").slice(-1);
    // The first of the three was matched by the tech stack above and is remembered: two are bought.
    expect(matches[0]?.credits).toBe(2);
    expect(charged(world) - before).toBeLessThanOrEqual(2 + 20);
  });

  it("asks for intelligence briefs of domains, the match in the estimate", async () => {
    const { sidebar, api } = world;
    const domains = knownDomains(world, 2);
    const orgs = domains.map(
      (d) => world.playground.emulator!.state.dataset.orgs.find((o) => o.domain === d)!,
    );
    await api.post("/api/select", { sheet: "Companies", a1: "A1:A3" });
    await sidebar.getByRole("tab", { name: "More" }).click();
    await sidebar.getByRole("button", { name: /^Intelligence brief/ }).click();
    const body = sidebar.locator("#more-brief-body");
    await body.getByRole("button", { name: "Use selection" }).click();
    await expect
      .poll(() => sidebar.locator("#brief-estimate").textContent())
      .toBe(
        'Up to 102 credits · 2 briefs × 50 + 2 to match 2 domains or names · pending and "not enough data" are free',
      );
    const matchRequests = () =>
      ledgerEntries(world.playground).filter((entry) => entry.path === "/v9/organizations").length;
    const requestsBefore = matchRequests();
    await body.getByRole("button", { name: "Request 2 briefs" }).click();
    await confirmPaid(sidebar, "Request 2 briefs?");
    // Both domains were matched above (tech stack, signal feed) and are remembered: matched for nothing.
    await body.getByText("Matched 2 of 2 domains or names for 0 credits.").waitFor({ timeout: 10_000 });
    expect(matchRequests()).toBe(requestsBefore);
    // The job follows with the ids found: any brief charged is one of theirs.
    await expect.poll(() => body.locator("p.status").textContent(), { timeout: 10_000 }).not.toBe("");
    const briefPaths = ledgerEntries(world.playground)
      .filter((e) => e.path.endsWith("/intelligence-brief"))
      .map((e) => e.path);
    for (const path of briefPaths) {
      expect(orgs.map((org) => `/v9/organizations/${org.id}/intelligence-brief`)).toContain(path);
    }
  });
});

describe("an organization list from a column of domains", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  });

  afterAll(async () => {
    await world?.close();
  });

  it("prices the match in the footer, asks first, and adds the organizations found", async () => {
    const { page, sidebar, api } = world;
    await api.post("/api/select", { sheet: "Companies", a1: "A1:A4" });
    await openMenuItem(page, "Open sidebar");
    await sidebar.getByRole("tab", { name: "Lists" }).click();
    await sidebar.getByLabel("List name").fill("From domains");
    const form = sidebar.locator("#create-list-form");
    await form.getByRole("button", { name: "Use selection" }).click();
    await form.getByText("Companies!A2:A4 · 3 rows · 3 domains or names").waitFor();
    await expect
      .poll(() => sidebar.locator("#create-list-estimate").textContent())
      .toBe(
        "Creating a list and adding to it are free. 3 domains or names to match first: up to 3 credits; ids and slugs are free.",
      );
    const before = charged(world);
    await sidebar.getByRole("button", { name: "Create list from 3 rows" }).click();
    const ask = sidebar.getByRole("alertdialog", { name: 'Create "From domains" from the selection?' });
    await ask.getByText("Up to 3 credits.").waitFor();
    await ask.getByRole("button", { name: "Spend up to 3 credits" }).click();
    await expect
      .poll(() => sidebar.locator("p.status").allTextContents(), { timeout: 10_000 })
      .toContain(
        'List "From domains" created. 3 rows added. Each row\'s result is in Companies!B1:B4. Matching domains and names to ids cost 3 credits.',
      );
    expect(charged(world)).toBe(before + 3);
    const state = await api.state("Companies");
    expect(["B2", "B3", "B4"].map((a1) => shown(state, a1))).toEqual([ADDED, ADDED, ADDED]);
  });
});

describe("the Enrich tab's attributes that add nothing to the price", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  });

  afterAll(async () => {
    await world?.close();
  });

  it("marks the organization id 'no extra', not free, and the estimate shows the base price it still costs", async () => {
    const { page, sidebar } = world;
    await selectRange(page, "A1:A4");
    await openMenuItem(page, "Enrich selection…");
    await sidebar.getByRole("button", { name: "Use selection" }).click();
    await sidebar.getByText("Companies!A2:A4 · 3 rows · 3 unique").waitFor();
    const id = sidebar.getByRole("checkbox", { name: /^Organization id/ });
    await id.check();
    const badge = sidebar.locator("label.check", { has: id }).locator(".cost");
    expect(await badge.textContent()).toBe("no extra");
    const estimate =
      "Up to 3 credits · 3 organizations × 1 (1 base per organization found; the fields add nothing)";
    await sidebar.getByText(estimate).waitFor({ timeout: 10_000 });
    const before = charged(world);
    const enrich = sidebar.getByRole("button", { name: "Enrich 3 rows" });
    await expect.poll(() => enrich.isEnabled()).toBe(true);
    await enrich.click();
    await answerEnrich(sidebar);
    // What the estimate said is what the ledger charges: the three domains match, 1 credit each.
    await expect.poll(() => charged(world) - before, { timeout: 10_000 }).toBe(3);
  });
});
