// Settings in Chromium: an API key pasted and saved is checked by the service, then shown only masked,
// also after the sidebar is closed and opened again; the key itself never reaches the page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_API_KEY } from "../../emulator/accounts.ts";
import { closeSidebar, openMenuItem, openSidebarPage, type SidebarPage } from "./support/sidebar-page.ts";

describe("saving an API key in Settings", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  });

  afterAll(async () => {
    await world?.close();
  });

  /** Everything the sidebar's page holds: its markup, and the values typed into its fields. */
  const sidebarText = async () => {
    const html = await world.sidebar.locator("html").innerHTML();
    const values = await world.sidebar
      .locator("input")
      .evaluateAll((inputs) => inputs.map((input) => (input as unknown as { value: string }).value));
    return [html, ...values].join("\n");
  };

  it("shows the saved key masked, and never the key itself", async () => {
    const { page, sidebar } = world;
    await openMenuItem(page, "Settings");
    await sidebar.getByText("Team key").waitFor();
    const field = sidebar.getByLabel("Replace the key");
    await field.fill(DEMO_API_KEY);
    await sidebar.getByRole("button", { name: "Save key" }).click();
    await sidebar.getByText("Key saved. It is shown only masked from now on: …cdef.").waitFor();
    await sidebar.getByText("Your key:").waitFor();
    expect(await sidebar.locator("code").first().textContent()).toBe("…cdef");
    expect(await field.inputValue()).toBe("");
    expect(await sidebarText()).not.toContain(DEMO_API_KEY);
  });

  it("still shows it masked after the sidebar is closed and opened again", async () => {
    const { page, sidebar } = world;
    await closeSidebar(page);
    await openMenuItem(page, "Settings");
    await sidebar.getByText("Your key:").waitFor();
    expect(await sidebar.locator("code").first().textContent()).toBe("…cdef");
    expect(await sidebarText()).not.toContain(DEMO_API_KEY);
  });

  it("refuses a key the service rejects, and keeps the saved one", async () => {
    const { sidebar } = world;
    await sidebar.getByLabel("Replace the key").fill("not-a-real-key-123");
    await sidebar.getByRole("button", { name: "Save key" }).click();
    await sidebar
      .getByRole("alert")
      .getByText(/^The service rejected this key \(HTTP 401\)/)
      .waitFor();
    expect(await sidebar.locator("code").first().textContent()).toBe("…cdef");
  });
});
