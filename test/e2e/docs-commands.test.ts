// Every command the deployment guides tell a reader to type exists: npm scripts, files to copy or run,
// clasp commands with their options, check-service options, vitest projects, and the files they link to.
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { USAGE } from "../../scripts/check-service/args.ts";

const root = join(import.meta.dirname, "../..");
const run = promisify(execFile);
const DOCS = ["docs/deploy.md", "docs/publishing.md", "README.md"];

/** Commands from shell code blocks and from inline code, split at `&&` and stripped of comments. */
function commands(text: string): string[] {
  const blocks = [...text.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) => m[1]!.split("\n"));
  const inline = [...text.matchAll(/`((?:npm|npx|cp) [^`]+)`/g)].map((m) => m[1]!);
  return [...blocks, ...inline]
    .map((line) => line.replace(/\s+#.*$/, ""))
    .flatMap((line) => line.split("&&"))
    .map((command) => command.trim())
    .filter((command) => /^(npm|npx|cp) /.test(command));
}

const docs = DOCS.map((path) => ({ path, text: readFileSync(join(root, path), "utf8") }));
const all = docs.flatMap((doc) => commands(doc.text).map((command) => ({ doc: doc.path, command })));
const scripts = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts as Record<
  string,
  string
>;

async function claspHelp(command?: string): Promise<string> {
  const { stdout } = await run(
    join(root, "node_modules/.bin/clasp"),
    command ? [command, "--help"] : ["--help"],
  );
  return stdout;
}

describe("commands in the deployment guides", () => {
  it("finds the commands to check", () => {
    expect(all.filter((c) => c.doc === "docs/deploy.md").length).toBeGreaterThan(15);
  });

  it("npm run names a script of package.json", () => {
    for (const { command } of all.filter((c) => c.command.startsWith("npm run "))) {
      expect(Object.keys(scripts), command).toContain(command.split(/\s+/)[2]);
    }
  });

  it("check-service is given only options it has", () => {
    for (const { command } of all.filter((c) => c.command.startsWith("npm run check-service"))) {
      for (const flag of command.match(/--[a-z][\w-]*/g) ?? []) expect(USAGE, command).toContain(flag);
    }
  });

  it("files to copy or run exist in the repository", () => {
    for (const { command } of all) {
      const file = /^cp (\S+)/.exec(command)?.[1] ?? /^npx tsx (\S+)/.exec(command)?.[1];
      if (file) expect(existsSync(join(root, file)), command).toBe(true);
    }
  });

  it("vitest projects exist", () => {
    const config = readFileSync(join(root, "vitest.config.ts"), "utf8");
    for (const { command } of all.filter((c) => c.command.startsWith("npx vitest"))) {
      for (const [, project] of command.matchAll(/--project (\S+)/g)) {
        expect(config, command).toContain(`name: "${project}"`);
      }
    }
  });

  it("clasp commands and their options exist in the installed clasp", async () => {
    const claspCommands = all.filter((c) => c.command.startsWith("npx clasp "));
    expect(claspCommands.length).toBeGreaterThan(5);
    const listed = await claspHelp();
    const helps = new Map<string, string>();
    for (const { command } of claspCommands) {
      const [, , name, ...rest] = command.split(/\s+/);
      expect(listed, command).toMatch(new RegExp(`^\\s+${name}[|\\s]`, "m"));
      if (!helps.has(name!)) helps.set(name!, await claspHelp(name));
      for (const flag of rest.filter((word) => word.startsWith("--"))) {
        expect(helps.get(name!), command).toContain(flag);
      }
    }
  });

  it("links between the guides point at files that exist", () => {
    for (const doc of docs) {
      for (const [, target] of doc.text.matchAll(/\]\(([^)#:]+)(#[^)]*)?\)/g)) {
        expect(existsSync(join(root, dirname(doc.path), target!)), `${doc.path} → ${target}`).toBe(true);
      }
    }
  });
});
