// `npm run check-service -- --base-url URL`: checks a real service against the add-on's v9 contract with the
// key in API_KEY, asks before its one paid request, and prints a table (exit 1 when anything disagrees).
import { createInterface } from "node:readline/promises";
import { maskKey } from "../src/core/settings.ts";
import { parseCheckServiceArgs, USAGE, UsageError } from "./check-service/args.ts";
import { consentFrom } from "./check-service/consent.ts";
import { httpSend } from "./check-service/http-send.ts";
import { runChecks } from "./check-service/run-checks.ts";
import { renderSummary, renderTable } from "./check-service/table.ts";

async function ask(question: string): Promise<string> {
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await terminal.question(question);
  } finally {
    terminal.close();
  }
}

async function main(): Promise<number> {
  let options: ReturnType<typeof parseCheckServiceArgs>;
  try {
    options = parseCheckServiceArgs(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    return 2;
  }
  if (options === "help") {
    console.log(USAGE);
    return 0;
  }
  console.log(
    `Checking ${options.baseUrl} against the add-on's v9 contract, key ${maskKey(options.apiKey)} from API_KEY.\n`,
  );
  const interactive = process.stdin.isTTY === true && process.stdout.isTTY === true;
  const report = await runChecks({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    send: httpSend,
    consent: consentFrom({ spendLimit: options.spendLimit, ask: interactive ? ask : null }),
  });
  console.log(`\n${renderTable(report.rows)}\n\n${renderSummary(report)}`);
  return report.rows.some((row) => row.result === "disagrees") ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  },
);
