// Settings in Chromium: the day's service calls against Apps Script's allowance, a warning from 80%.
import { afterAll, beforeAll, describe, it } from "vitest";
import { openMenuItem, openSidebarPage, type SidebarPage } from "./support/sidebar-page.ts";

describe("the daily allowance of service calls in Settings", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  });

  afterAll(async () => {
    await world?.close();
  });

  it("is a quiet line well below the limit, and a warning from 80%", async () => {
    const { page, sidebar, playground } = world;
    const gas = playground.session.harness;
    const user = gas.properties.user();
    const window = `${gas.clock.now()}|`;
    user.put({ urlfetch_day: `${window}1200` });
    await openMenuItem(page, "Settings");
    await sidebar.getByText(/^Service calls today: 1,200 of the 20,000 Apps Script allows a day/).waitFor();
    user.put({ urlfetch_day: `${window}16500` });
    await openMenuItem(page, "Settings");
    await sidebar.getByText("Close to today's limit of service calls").waitFor();
    await sidebar.getByText(/Service calls today: 16,500 of the 20,000/).waitFor();
  });
});
