// Map titles beside a Job function / Job level pair the sheet already has (issue 41 point 7): it writes
// into those columns, never a second pair, says so before the click, and keeps every value typed there.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shown } from "./support/playground-client.ts";
import {
  charged,
  confirmPaid,
  openMenuItem,
  openSidebarPage,
  putColumnH,
  type SidebarPage,
} from "./support/sidebar-page.ts";

const TITLES = ["VP of Sales", "Head of Marketing", "Senior Software Engineer"];

describe("Map titles with the columns already there", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  });

  afterAll(async () => {
    await world?.close();
  });

  it("fills the existing columns' empty cells and adds no second Job level column", async () => {
    const { page, sidebar, api } = world;
    // Headers in a different case, one function typed by the person.
    await api.post("/api/cells", {
      sheet: "Companies",
      a1: "I1",
      values: [
        ["Job Function", "job level"],
        ["Typed by me", ""],
        ["", ""],
        ["", ""],
      ],
    });
    await putColumnH(world, "Job title", TITLES);
    await openMenuItem(page, "Enrich selection…");
    await sidebar.getByRole("radio", { name: "Job titles" }).check();
    await sidebar.getByRole("button", { name: "Use selection" }).click();
    const map = sidebar.getByRole("button", { name: `Map ${TITLES.length} titles` });
    await expect.poll(() => map.isEnabled(), { timeout: 20_000 }).toBe(true);
    await sidebar
      .getByText(
        "Writes into the Job Function and job level columns already there (I2:J4); the 1 cell already filled is kept.",
      )
      .waitFor();
    const before = charged(world);
    await map.click();
    await confirmPaid(sidebar, `Map ${TITLES.length} titles?`);
    await expect
      .poll(() => sidebar.locator("#enrich-estimate").textContent(), { timeout: 20_000 })
      .toMatch(/^Spent /);
    expect(charged(world) - before).toBeGreaterThan(0);

    const state = await api.state("Companies");
    expect(shown(state, "I1")).toBe("Job Function");
    expect(shown(state, "J1")).toBe("job level");
    expect(shown(state, "I2")).toBe("Typed by me");
    for (const a1 of ["J2", "I3", "J3", "I4", "J4"]) expect(shown(state, a1)).not.toBe("");
    // No second pair after the data.
    for (const a1 of ["K1", "L1", "K2", "L2"]) expect(shown(state, a1)).toBe("");
  });
});
