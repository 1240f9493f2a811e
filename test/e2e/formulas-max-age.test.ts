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

// Every paid attribute (23) over 300 organizations: far more than the durable level's 32 values of 8,000 bytes.
const ALL_PAID =
  "industry,headquarters_country,tags,service_score,employee_count,people_count_rollup,people_count_no_rollup," +
  "cloud_spend_estimate_millions_usd,jobs_count,jobs_count_rollup,jobs_count_no_rollup,teams_count," +
  "teams_count_rollup,teams_count_no_rollup,funding_total_raised,funding_valuation,funding_last_round_raised," +
  "funding_last_round_type,funding_last_round_date,status,status_reason,parent_id,subsidiary_ids";

describe("a max_age_days column larger than the durable level", () => {
  it("is bought once, then answered from what the round holds, and a recalculation an hour later costs nothing", async () => {
    const w = await addonWorld();
    // Other data already takes 156 KB of the document's properties, as in the report.
    for (let i = 0; i < 19; i++) w.gas.properties.document().put({ [`other${i}`]: "x".repeat(8_200) });
    const rows = 300;
    w.gas.sheet().set(
      "A2",
      w.state.dataset.orgs.slice(0, rows).map((o) => [o.domain]),
    );
    w.gas.fill(`B2:B${rows + 1}`, `=ORG_ATTR(A2,"${ALL_PAID}",7)`);
    // 1 base + 23 paid attributes for each matched organization, once, in one request.
    const matched = w.ledger().filter((e) => e.path === "/v9/organizations");
    expect(orgRequests(w)).toHaveLength(1);
    expect(w.charged()).toBe(matched.reduce((n, e) => n + e.credits, 0));
    const once = w.charged();
    expect(once).toBeLessThanOrEqual(rows * 24);
    expect(JSON.parse(orgRequests(w)[0]!.body).organizations).toHaveLength(rows);
    expect(answered(w, rows)).toBe(rows);

    w.gas.clock.advance("1h");
    w.gas.reopen();
    expect(orgRequests(w)).toHaveLength(1);
    expect(w.charged()).toBe(once);
    expect(answered(w, rows)).toBe(rows);
  }, 120_000);
});
