// check-service against the emulator over HTTP: the table it prints, its verdicts when the service is off
// contract, and that its one paid request is sent only with consent (the emulator's ledger tells).
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulatorServer } from "../../emulator/index.ts";
import { consentFrom } from "../../scripts/check-service/consent.ts";
import { httpSend } from "../../scripts/check-service/http-send.ts";
import { runChecks, type Send } from "../../scripts/check-service/run-checks.ts";
import { renderSummary } from "../../scripts/check-service/table.ts";

const root = join(import.meta.dirname, "../..");
const run = promisify(execFile);

let emulator: RunningEmulator;
let accounts = 0;

/** A fresh account with its own empty ledger, so each test reads only its own charges. */
async function newKey(credits = 1_000): Promise<string> {
  const key = `check-service-key-${++accounts}-abcdef`;
  const response = await fetch(`${emulator.url}/__admin/accounts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ api_key: key, credits }),
  });
  expect(response.status).toBe(200);
  return key;
}

function ledger(key: string) {
  return emulator.state.accounts.get(key)!.ledger;
}

async function checkService(args: string[], apiKey: string | undefined) {
  const env = { ...process.env, API_KEY: apiKey, API_BASE_URL: undefined };
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ["--import", "tsx", join(root, "scripts/check-service.ts"), ...args],
      { cwd: root, env },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

interface TableRow {
  request: string;
  cost: string;
  result: string;
  detail: string;
}

/** Reads the printed table by its header's column positions. */
function readTable(stdout: string): Map<string, TableRow> {
  const lines = stdout.split("\n");
  const top = lines.findIndex((line) => line.startsWith("Check "));
  expect(top).toBeGreaterThanOrEqual(0);
  const header = lines[top]!;
  const at = ["Request", "Cost", "Result", "Details"].map((title) => header.indexOf(title));
  const rows = new Map<string, TableRow>();
  for (const line of lines.slice(top + 2)) {
    if (line.trim() === "") break;
    const cell = (from: number, to?: number) => line.slice(from, to).trim();
    rows.set(cell(0, at[0]), {
      request: cell(at[0]!, at[1]),
      cost: cell(at[1]!, at[2]),
      result: cell(at[2]!, at[3]),
      detail: cell(at[3]!),
    });
  }
  return rows;
}

beforeAll(async () => {
  emulator = await startEmulatorServer({ port: 0 });
});

afterAll(() => emulator.close());

describe("npm run check-service against the emulator", () => {
  it("prints a table where every free check agrees, and without a terminal sends nothing paid", async () => {
    const key = await newKey();
    const { code, stdout } = await checkService(["--base-url", emulator.url], key);
    expect(code).toBe(0);
    const table = readTable(stdout);
    expect([...table.keys()]).toEqual([
      "No key is refused",
      "Signal configurations",
      "A bad body is refused",
      "Unmatched organization",
      "One organization by filter",
    ]);
    expect(table.get("No key is refused")).toMatchObject({
      request: "POST /v9/signals/configs",
      result: "agrees",
    });
    expect(table.get("Signal configurations")).toMatchObject({ cost: "free", result: "agrees" });
    expect(table.get("Signal configurations")!.detail).toMatch(/^200, \d+ configurations$/);
    expect(table.get("A bad body is refused")!.detail).toMatch(/^422, 1 validation issue/);
    expect(table.get("Unmatched organization")!.detail).toBe("200, no match, 0 credits, balance 1,000");
    expect(table.get("One organization by filter")).toEqual({
      request: "POST /v9/organizations",
      cost: "paid: up to 1 credit",
      result: "skipped",
      detail: "not sent: no terminal to ask on; add --yes-spend 1 to allow 1 credit",
    });
    expect(stdout).toContain("4 agree, 0 disagree, 1 skipped. Credits spent: 0.");
    expect(stdout).not.toContain(key);
    expect(ledger(key)).toEqual([]);
  });

  it("with --yes-spend 1 sends the paid request once, and the ledger holds exactly its charge", async () => {
    const key = await newKey();
    const { code, stdout } = await checkService(
      ["--base-url", `${emulator.url}/v9/`, "--yes-spend", "1"],
      key,
    );
    expect(code).toBe(0);
    expect(readTable(stdout).get("One organization by filter")).toMatchObject({ result: "agrees" });
    expect(readTable(stdout).get("One organization by filter")!.detail).toMatch(/charged 1 as priced$/);
    expect(ledger(key).map((entry) => [entry.path, entry.credits])).toEqual([["/v9/organizations", 1]]);
    expect(stdout).toContain("5 agree, 0 disagree, 0 skipped. Credits spent: 1.");
  });

  it("with --yes-spend 0 sends nothing paid", async () => {
    const key = await newKey();
    const { stdout } = await checkService(["--base-url", emulator.url, "--yes-spend", "0"], key);
    expect(readTable(stdout).get("One organization by filter")!.detail).toBe(
      "not sent: it costs up to 1 credit, more than --yes-spend 0 allows",
    );
    expect(ledger(key)).toEqual([]);
  });

  it("reports answers off contract as disagreements and exits 1", async () => {
    const key = await newKey();
    await fetch(`${emulator.url}/__admin/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: "/v9/signals/configs", body: "malformed" }),
    });
    const { code, stdout } = await checkService(["--base-url", emulator.url], key);
    expect(code).toBe(1);
    const row = readTable(stdout).get("Signal configurations")!;
    expect(row.result).toBe("disagrees");
    expect(row.detail).toMatch(/^HTTP 200 but the body is not JSON/);
    expect(stdout).toContain("1 answer did not match the add-on's contract");
  });

  it("does not try the paid check when the service refuses the key, whatever was allowed", async () => {
    const { code, stdout } = await checkService(
      ["--base-url", emulator.url, "--yes-spend", "5"],
      "no-such-key-0123456789",
    );
    expect(code).toBe(1);
    const table = readTable(stdout);
    expect(table.get("Signal configurations")!.detail).toMatch(
      /^HTTP 401, expected 200: .*the key in API_KEY was refused/,
    );
    expect(table.get("One organization by filter")).toMatchObject({
      result: "skipped",
      detail: "not tried: the service refused the key in API_KEY",
    });
  });

  it("refuses a key on the command line with a sentence, without repeating it", async () => {
    const { code, stderr, stdout } = await checkService(
      ["--base-url", emulator.url, "--key", "sk-secret-value-123"],
      "from-the-environment",
    );
    expect(code).toBe(2);
    expect(stderr).toMatch(/^check-service does not take the key on the command line/);
    expect(stderr + stdout).not.toContain("sk-secret-value-123");
  });

  it("says where the key goes when API_KEY is not set", async () => {
    const { code, stderr } = await checkService(["--base-url", emulator.url], undefined);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^Set API_KEY in the environment/);
  });
});

describe("consent at a terminal", () => {
  it("shows the price and sends nothing paid when the answer is no", async () => {
    const key = await newKey(250);
    const questions: string[] = [];
    const report = await runChecks({
      baseUrl: emulator.url,
      apiKey: key,
      send: httpSend,
      consent: consentFrom({
        spendLimit: null,
        ask: async (question) => {
          questions.push(question);
          return "n";
        },
      }),
    });
    expect(questions).toEqual([
      "The last check is paid: POST /v9/organizations for one organization using Kubernetes, with its name and domain (free attributes). It costs at most 1 credit of your 250 credits. Spend it? [y/N] ",
    ]);
    expect(report.paidSent).toBe(false);
    expect(report.rows.at(-1)).toMatchObject({ result: "skipped", detail: "not sent: you answered no" });
    expect(ledger(key)).toEqual([]);
  });

  it("sends the paid request once when the answer is yes", async () => {
    const key = await newKey();
    const report = await runChecks({
      baseUrl: emulator.url,
      apiKey: key,
      send: httpSend,
      consent: consentFrom({ spendLimit: null, ask: async () => "Y " }),
    });
    expect(report.paidSent).toBe(true);
    expect(report.creditsSpent).toBe(1);
    expect(ledger(key)).toHaveLength(1);
  });

  it("is not asked when the account cannot pay", async () => {
    const key = await newKey(0);
    let asked = false;
    const report = await runChecks({
      baseUrl: emulator.url,
      apiKey: key,
      send: httpSend,
      consent: async () => {
        asked = true;
        return { granted: true };
      },
    });
    expect(asked).toBe(false);
    expect(report.rows.at(-1)!.detail).toBe("not tried: the account has 0 credits");
  });
});

describe("the paid request's outcome", () => {
  it("is never sent again when its answer is lost, and the summary says the charge is unknown", async () => {
    const key = await newKey();
    const paid: string[] = [];
    const losesPaidAnswer: Send = async (request) => {
      if (!request.body.includes('"filter"')) return httpSend(request);
      paid.push(request.body);
      await httpSend(request);
      throw new Error("fetch failed", { cause: { code: "ECONNRESET" } });
    };
    const report = await runChecks({
      baseUrl: emulator.url,
      apiKey: key,
      send: losesPaidAnswer,
      consent: async () => ({ granted: true }),
    });
    expect(paid).toHaveLength(1);
    expect(ledger(key)).toHaveLength(1);
    expect(report.rows.at(-1)).toMatchObject({ result: "disagrees" });
    expect(report.rows.at(-1)!.detail).toMatch(
      /^no answer \(ECONNRESET\): whether it was charged is unknown, so it was not sent again/,
    );
    expect(renderSummary(report)).toContain("the paid request's charge is unknown: check the balance");
  });

  it("reports a server error on the paid request as a disagreement with an unknown charge", async () => {
    const key = await newKey();
    const report = await runChecks({
      baseUrl: emulator.url,
      apiKey: key,
      send: httpSend,
      consent: async () => {
        await fetch(`${emulator.url}/__admin/faults`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ path: "/v9/organizations", status: 500 }),
        });
        return { granted: true };
      },
    });
    expect(report.rows.at(-1)!.detail).toMatch(/^HTTP 500, expected 200: /);
    expect(report.paidChargeUnknown).toBe(true);
    expect(ledger(key)).toEqual([]);
  });
});
