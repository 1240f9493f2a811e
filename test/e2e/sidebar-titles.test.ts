// Job-title mapping through the built bundle: the estimate first, two new columns beside the titles (or
// after the data when those are taken), each distinct title paid once and never again, the log row, and
// every refusal with the sentence the sidebar shows.
import { describe, expect, it } from "vitest";
import { KEY_SETTINGS_HINT, missingApiKey } from "../../src/api/errors.ts";
import { TITLE_MESSAGES } from "../../src/server/enrich/titles-plan.ts";
import { allBlank, failure, jobsWorld, ledgerTotal, logRows, run } from "./bulk-world.ts";

interface Estimate {
  dataRange: string;
  outputRange: string;
  placement: string;
  rows: number;
  unique: number;
  cached: number;
  credits: number;
  message: string;
}

interface Mapping {
  outputRange: string;
  rows: number;
  matched: number;
  unmatched: number;
  unreadable: number;
  creditsUsed: number;
  credits: { remaining: number } | null;
  message: string;
}

const TITLES = [
  ["Job title"],
  ["Senior Data Engineer"],
  ["VP of Sales"],
  ["vp of sales"],
  ["Chef"],
  [""],
  [true],
];

describe("mapping job titles", () => {
  it("estimates, then writes function and level beside the titles, paying once per 100 matched", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 300 });
    gas.sheet("Sheet1").set("A1", TITLES);
    const request = { sheetName: "Sheet1", range: "A1:A7" };
    expect(run<Estimate>(gas, "estimateTitleMapping", request)).toEqual({
      sheetName: "Sheet1",
      dataRange: "A2:A7",
      outputRange: "B1:C7",
      placement: "The columns go to B1:C7.",
      rows: 6,
      unique: 3,
      cached: 0,
      credits: 1,
      message: "Up to 1 credit · 3 titles to look up (1 credit per 100 matched)",
    });
    expect(gas.fetches).toHaveLength(0);

    const mapped = run<Mapping>(gas, "mapJobTitles", request);
    expect(mapped).toMatchObject({
      outputRange: "B1:C7",
      rows: 6,
      matched: 3,
      unmatched: 1,
      unreadable: 1,
      creditsUsed: 1,
      credits: { remaining: 999_999 },
      message: "Mapped 6 rows into B1:C7: 3 matched, 1 not recognised, for 1 credit.",
    });
    expect(gas.sheet("Sheet1").values("A1:C7")).toEqual([
      ["Job title", "Job function", "Job level"],
      ["Senior Data Engineer", "Data Engineer", "Individual Contributor"],
      ["VP of Sales", "Sales", "Vice President"],
      ["vp of sales", "Sales", "Vice President"],
      ["Chef", "", ""],
      ["", "", ""],
      [true, "", ""],
    ]);
    expect(gas.setValuesCalls.filter((c) => c.sheet === "Sheet1")).toHaveLength(1);
    expect(ledgerTotal(emulator)).toBe(1);
    expect(logRows(gas).map((row) => row.slice(1))).toEqual([
      ["Job title mapping Sheet1!A2:A7", 6, 1, 999_999, mapped.message],
    ]);
  });

  it("maps again into the columns already there: free for titles looked up before, typed cells kept", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 300 });
    gas.sheet("Sheet1").set("A1", TITLES);
    const request = { sheetName: "Sheet1", range: "A1:A7" };
    run(gas, "mapJobTitles", request);
    gas.sheet("Sheet1").set("C3", [["Typed"]]);
    gas.sheet("Sheet1").set("B4", [[""]]);
    expect(run<Estimate>(gas, "estimateTitleMapping", request)).toEqual({
      sheetName: "Sheet1",
      dataRange: "A2:A7",
      outputRange: "B2:C7",
      placement:
        "Writes into the Job function and Job level columns already there (B2:C7); the 5 cells already filled are kept.",
      rows: 6,
      unique: 2,
      cached: 2,
      credits: 0,
      message: "Free · all 2 titles were looked up before",
    });
    const before = gas.setValuesCalls.length;
    const again = run<Mapping>(gas, "mapJobTitles", request);
    expect(again).toMatchObject({
      outputRange: "B2:C7",
      matched: 1,
      unmatched: 1,
      creditsUsed: 0,
      credits: null,
      message:
        "Mapped 6 rows into B2:C7: 1 matched, 1 not recognised, for 0 credits. 5 filled cells kept as they were.",
    });
    expect(ledgerTotal(emulator)).toBe(1);
    // Only the runs of empty cells are written: no second pair, the typed level kept.
    expect(gas.setValuesCalls.slice(before).map((c) => c.a1)).toEqual(["B4:B7", "C5:C7"]);
    expect(gas.sheet("Sheet1").values("A1:E4")).toEqual([
      ["Job title", "Job function", "Job level", "", ""],
      ["Senior Data Engineer", "Data Engineer", "Individual Contributor", "", ""],
      ["VP of Sales", "Sales", "Typed", "", ""],
      ["vp of sales", "Sales", "Vice President", "", ""],
    ]);
  });

  it("fills a Job level column already there and adds the missing Job function after the data", async () => {
    const { gas } = await jobsWorld({ orgs: 300 });
    gas.sheet("Sheet1").set("A1", [
      ["Role", "Notes", "job level "],
      ["VP of Sales", "", "Mine"],
      ["Data Engineer", "call back", ""],
    ]);
    const request = { sheetName: "Sheet1", range: "A1:A3" };
    expect(run<Estimate>(gas, "estimateTitleMapping", request).placement).toBe(
      "Writes into the job level column already there and a new Job function column (D1:D3 and C2:C3); the 1 cell already filled is kept.",
    );
    run(gas, "mapJobTitles", request);
    expect(gas.sheet("Sheet1").values("A1:E3")).toEqual([
      ["Role", "Notes", "job level ", "Job function", ""],
      ["VP of Sales", "", "Mine", "Sales", ""],
      ["Data Engineer", "call back", "Individual Contributor", "Data Engineer", ""],
    ]);
  });

  it("refuses when every title's cells are filled already, and sends nothing", async () => {
    const { gas } = await jobsWorld({ orgs: 300 });
    gas.sheet("Sheet1").set("A1", [
      ["Title", "Job function", "Job level"],
      ["VP of Sales", "Sales", "Vice President"],
    ]);
    const request = { sheetName: "Sheet1", range: "A1:A2" };
    expect(failure(gas, "estimateTitleMapping", request)).toBe(TITLE_MESSAGES.allFilled("A2:A2"));
    expect(failure(gas, "mapJobTitles", request)).toBe(TITLE_MESSAGES.allFilled("A2:A2"));
    expect(gas.fetches).toHaveLength(0);
  });

  it("leaves typed values beside the titles alone and writes after the last used column", async () => {
    const { gas } = await jobsWorld({ orgs: 300 });
    gas.sheet("Sheet1").set("A1", [
      ["Role", "Notes", "", "Region"],
      ["VP of Sales", "", "", "EMEA"],
      ["Data Engineer", "call back", "", "US"],
    ]);
    const mapped = run<Mapping>(gas, "mapJobTitles", { sheetName: "Sheet1", range: "A1:A3" });
    expect(mapped.outputRange).toBe("E1:F3");
    expect(gas.sheet("Sheet1").values("A1:F2")).toEqual([
      ["Role", "Notes", "", "Region", "Job function", "Job level"],
      ["VP of Sales", "", "", "EMEA", "Sales", "Vice President"],
    ]);
  });

  it.each([
    ["no request", undefined, TITLE_MESSAGES.request],
    ["no range", { sheetName: "Sheet1" }, TITLE_MESSAGES.request],
    ["two columns", { sheetName: "Sheet1", range: "A1:B9" }, TITLE_MESSAGES.range("A1:B9")],
    [
      "an unknown sheet",
      { sheetName: "Leads", range: "A1:A9" },
      'There is no sheet named "Leads" in this spreadsheet.',
    ],
    ["a column without titles", { sheetName: "Sheet1", range: "H1:H9" }, TITLE_MESSAGES.noTitles("H1:H7")],
  ])("refuses %s with the sentence the sidebar shows", async (_name, request, message) => {
    const { gas } = await jobsWorld({ orgs: 300 });
    gas.sheet("Sheet1").set("A1", TITLES);
    expect(failure(gas, "estimateTitleMapping", request)).toBe(message);
    expect(failure(gas, "mapJobTitles", request)).toBe(message);
    expect(gas.fetches).toHaveLength(0);
  });

  it("spells out the sentences", () => {
    expect(TITLE_MESSAGES.range("A1:B9")).toBe(
      '"A1:B9" is not a single column. Select one column of job titles, for example B2:B201.',
    );
    expect(TITLE_MESSAGES.noTitles("H1:H9")).toBe("H1:H9 has no job titles to map.");
  });

  it("passes on the service's rejection of the key, and writes nothing", async () => {
    const { gas } = await jobsWorld({ orgs: 300, apiKey: "revoked-team-key" });
    gas.sheet("Sheet1").set("A1", TITLES);
    expect(failure(gas, "mapJobTitles", { sheetName: "Sheet1", range: "A1:A7" })).toBe(
      `The enrichment service rejected the API key (HTTP 401). Check the key in ${KEY_SETTINGS_HINT}.`,
    );
    expect(allBlank(gas, "Sheet1", "B1:C7")).toBe(true);
  });

  it("says how to add a key when there is none", async () => {
    const { gas } = await jobsWorld({ orgs: 300, apiKey: "" });
    gas.sheet("Sheet1").set("A1", TITLES);
    expect(failure(gas, "mapJobTitles", { sheetName: "Sheet1", range: "A1:A7" })).toBe(
      missingApiKey().message,
    );
  });

  it("says the service cannot be reached when there is no network", async () => {
    const { gas } = await jobsWorld({ orgs: 300, scriptProperties: { API_BASE_URL: "http://127.0.0.1:9" } });
    gas.sheet("Sheet1").set("A1", TITLES);
    expect(failure(gas, "mapJobTitles", { sheetName: "Sheet1", range: "A1:A7" })).toMatch(
      /^Could not reach the enrichment service at http:\/\/127\.0\.0\.1:9 \(.+\)\. Check the script property API_BASE_URL and try again\.$/,
    );
  });
});
