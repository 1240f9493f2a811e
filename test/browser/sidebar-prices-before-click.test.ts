// Every paid control says its price before the click, through the real sidebar: Start, Resume and Re-run
// lost rows (Enrich), Refresh now (More), one organization's signals (Signals) and Read lists (Lists). Each shows
// an exact price or an upper bound with how it is bounded; with the person's "ask first" threshold at 25
// credits each one above it asks, and after the click the emulator's ledger moved by no more than the bound.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ScriptError } from "../../harness/index.ts";
import {
  answerEnrich,
  charged,
  confirmPaid,
  knownDomains,
  openMenuItem,
  openSidebarPage,
  putColumnH,
  type SidebarPage,
} from "./support/sidebar-page.ts";

const ROWS = 20;
/** Industry: 1 base + 1 paid attribute per organization found. */
const UNIT = 2;
const BOUND = ROWS * UNIT;

describe("prices before the click", () => {
  let world: SidebarPage;
  const harness = () => world.playground.session.harness;
  const fault = (body: Record<string, unknown>) =>
    world.playground.emulator!.state.faults.add({ path: "/v9/organizations", count: 1, ...body });

  beforeAll(async () => {
    world = await openSidebarPage();
    // The person lets actions under 25 credits run without a question: everything below costs more.
    harness().run("saveAskUnder", 25);
  });

  afterAll(async () => {
    await world?.close();
  });

  it("Resume and Re-run lost rows show their bound, ask, and spend no more", async () => {
    const { page, sidebar } = world;
    // Past the five the sample sheet's formulas bought: the bounds here are what each row costs.
    await putColumnH(world, "Domain", knownDomains(world, ROWS + 5).slice(5));
    await openMenuItem(page, "Enrich selection…");
    await sidebar.getByRole("button", { name: "Use selection" }).click();
    await sidebar.getByRole("checkbox", { name: /^Industry/ }).check();
    // The service says "out of credits" to the run's first request: it rests, resumable, having paid nothing.
    fault({ status: 402 });
    const enrich = sidebar.getByRole("button", { name: `Enrich ${ROWS} rows` });
    await expect.poll(() => enrich.isEnabled()).toBe(true);
    const start = charged(world);
    await enrich.click();
    // Start asks too, with the footer's estimate as its price (issue 29 point 2).
    expect(await answerEnrich(sidebar)).toBe(`Up to ${BOUND} credits.`);

    const resume = sidebar.getByRole("button", { name: `Resume · up to ${BOUND} credits` });
    await resume.waitFor({ timeout: 30_000 });
    expect(charged(world)).toBe(start);
    expect(await sidebar.locator("#enrich-resume-price").textContent()).toBe(
      `Resuming costs at most ${BOUND} credits: up to ${ROWS} rows × ${UNIT} credits.`,
    );

    // Resumed, its answer is lost on the way back: the rows are reported lost, not bought again.
    fault({ body: "truncated" });
    await resume.click();
    expect(await confirmPaid(sidebar, "Resume this run?")).toBe(`Up to ${BOUND} credits.`);
    const rerun = sidebar.getByRole("button", { name: `Re-run lost rows: ${ROWS} (up to ${BOUND} credits)` });
    await rerun.waitFor({ timeout: 30_000 });
    const afterResume = charged(world);
    expect(afterResume - start).toBeLessThanOrEqual(BOUND);

    // Cancel spends nothing; yes buys them again, at no more than the bound on the button.
    await rerun.click();
    const ask = sidebar.getByRole("alertdialog", { name: `Re-run ${ROWS} lost rows?` });
    await ask.getByText(`Up to ${BOUND} credits.`).waitFor();
    await ask.getByRole("button", { name: "Cancel" }).click();
    await ask.waitFor({ state: "hidden" });
    expect(charged(world)).toBe(afterResume);
    await rerun.click();
    expect(await confirmPaid(sidebar, `Re-run ${ROWS} lost rows?`)).toBe(`Up to ${BOUND} credits.`);
    await sidebar.getByRole("button", { name: "New enrichment" }).waitFor({ timeout: 30_000 });
    await expect.poll(() => charged(world) - afterResume, { timeout: 30_000 }).toBe(BOUND);
  });

  it("Refresh now says what a run of its rule costs and asks above the threshold", async () => {
    const { sidebar } = world;
    const latest = harness().run("latestEnrichmentRun") as { status: { jobId: string } };
    // The sidebar's own poll may hold the jobs' lock at this moment: the add-on says so, and a person tries again.
    const save = () => {
      try {
        harness().run("saveRefreshRule", { jobId: latest.status.jobId, frequency: "daily" });
        return "saved";
      } catch (error) {
        if (error instanceof ScriptError && error.message.startsWith("Another execution is updating"))
          return "busy";
        throw error;
      }
    };
    await expect.poll(save, { timeout: 10_000 }).toBe("saved");
    await sidebar.getByRole("tab", { name: "More" }).click();
    await sidebar.getByRole("button", { name: /^Scheduled refreshes/ }).click();
    await sidebar.getByRole("button", { name: `Actions for Companies!H1:H${ROWS + 1}` }).click();
    const note = sidebar.locator('p[id$="-cost"]', { hasText: "Refresh now:" });
    await expect
      .poll(() => note.textContent(), { timeout: 10_000 })
      .toBe(`Refresh now: Up to ${BOUND} credits · ${ROWS} organizations × ${UNIT} (1 base + 1 for fields).`);
    const before = charged(world);
    await sidebar.getByRole("button", { name: "Refresh now" }).click();
    expect(await confirmPaid(sidebar, `Refresh Companies!H1:H${ROWS + 1} now?`)).toBe(
      `Up to ${BOUND} credits.`,
    );
    // The run's own report (More ▸ Scheduled refreshes) says what it checked and spent.
    await sidebar
      .getByText(new RegExp(`^Last run: ${ROWS} rows checked .* credits?$`))
      .waitFor({ timeout: 30_000 });
    expect(charged(world) - before).toBeLessThanOrEqual(BOUND);
  });

  it("one organization's signals are bounded by the limit the import sends", async () => {
    const { sidebar } = world;
    const dataset = world.playground.emulator!.state.dataset;
    const org = dataset.orgs[dataset.signals()[0]!.orgIndex]!;
    await putColumnH(world, "Organization id", [String(org.id)]);
    await sidebar.getByRole("tab", { name: "Signals" }).click();
    const section = sidebar.locator('section[aria-labelledby="org-signals-title"]');
    await section.getByRole("button", { name: "Use selection" }).click();
    await expect
      .poll(() => sidebar.locator("#org-signals-cost").textContent())
      .toBe("At most 100 credits: up to 100 signals × 1 credit, the newest of the last 30 days.");
    const before = charged(world);
    await section.getByRole("button", { name: `Import signals of ${org.id}` }).click();
    expect(await confirmPaid(sidebar, `Import the signals of ${org.id}?`)).toBe("Up to 100 credits.");
    const status = section.locator("p.status");
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/Spent \d+ credits?/);
    const signals = Number(/^(\d+) signals? of /.exec((await status.textContent()) ?? "")?.[1]);
    expect(signals).toBeGreaterThan(0);
    expect(charged(world) - before).toBe(signals);
    expect(signals).toBeLessThanOrEqual(100);
  });

  it("Read lists says its price per list and always asks: how many lists there are is not known", async () => {
    const { sidebar } = world;
    await sidebar.getByRole("tab", { name: "Lists" }).click();
    const line = "Reading costs 1 credit per list; how many there are is known once read.";
    await sidebar.getByText(line).waitFor();
    const before = charged(world);
    await sidebar.getByRole("button", { name: "Read lists" }).click();
    expect(await confirmPaid(sidebar, "Read your organization lists?")).toBe(line);
    const lists = sidebar.getByRole("list", { name: "Organization lists" }).getByRole("listitem");
    await lists.first().waitFor();
    expect(charged(world) - before).toBe(await lists.count());
  });
});
