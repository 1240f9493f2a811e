// =ORG_ATTR(A2,"industry",2): results no older than two days, fetched again once they are older; the rest
// of the sheet keeps the cache lifetime set in Settings.
import { describe, expect, it } from "vitest";
import { addonWorld, BASE_URL } from "../support/addon-world.ts";

type World = Awaited<ReturnType<typeof addonWorld>>;
const orgRequests = (w: World) => w.gas.fetches.filter((f) => f.url === `${BASE_URL}/v9/organizations`);

async function column(rows: number, formula: string, fill: boolean) {
  const w = await addonWorld();
  const domains = w.state.dataset.orgs.slice(0, rows).map((o) => o.domain);
  w.gas.sheet().set(
    "A2",
    domains.map((d) => [d]),
  );
  if (fill) w.gas.fill(`B2:B${rows + 1}`, formula);
  else w.gas.sheet().set("B2", [[formula]]);
  return w;
}

const answered = (w: World, rows: number) =>
  Array.from({ length: rows }, (_, i) => w.gas.cell(`B${i + 2}`)).filter(
    (c) => c.error === null && c.value !== "",
  ).length;

describe("a max_age_days argument", () => {
  it("answers a filled-down column from the cache while results are young enough, then buys them once more", async () => {
    const w = await column(100, '=ORG_ATTR(A2,"industry",2)', true);
    const first = { requests: orgRequests(w).length, charged: w.charged() };
    expect(first.requests).toBe(1);
    expect(answered(w, 100)).toBe(100);

    w.gas.clock.advance("1d");
    w.gas.reopen();
    expect(orgRequests(w)).toHaveLength(first.requests);
    expect(w.charged()).toBe(first.charged);

    // Three days on, every result is older than two days: the column is bought again, in one request.
    w.gas.clock.advance("2d");
    w.gas.reopen();
    expect(orgRequests(w)).toHaveLength(first.requests + 1);
    expect(w.charged()).toBe(2 * first.charged);
    expect(answered(w, 100)).toBe(100);
  });

  it("leaves formulas without it on the Settings lifetime", async () => {
    const w = await column(20, '=ORG_ATTR(A2:A21,"industry")', false);
    const first = w.charged();
    w.gas.clock.advance("3d");
    w.gas.reopen();
    expect(w.charged()).toBe(first);
    // The same range asked for results no older than a day buys them again.
    w.gas.sheet().set("C2", [['=ORG_ATTR(A2:A21,"industry",1)']]);
    expect(w.charged()).toBe(2 * first);
    expect(w.gas.cell("C21").value).toBe(w.gas.cell("B21").value);
  });

  it("refuses an age it cannot honour with a sentence, and sends nothing", async () => {
    const w = await column(3, '=ORG_ATTR(A2,"industry",0)', false);
    expect(w.gas.cell("B2").error).toBe(
      '"max_age_days" must be a number of days from 0.01 to 90, e.g. 7 for results no older than a week; got 0.',
    );
    w.gas.sheet().set("B3", [['=ORG_ATTR(A3,"industry","a week")']]);
    expect(w.gas.cell("B3").error).toBe(
      '"max_age_days" must be a number of days from 0.01 to 90, e.g. 7 for results no older than a week; got "a week".',
    );
    expect(orgRequests(w)).toHaveLength(0);
  });
});
