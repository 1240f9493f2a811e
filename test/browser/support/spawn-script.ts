// Runs a TypeScript entry point in another process and waits for the line that says it is ready.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

export interface Spawned {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the process's exit code. */
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

export function spawnScript(
  script: string,
  args: string[],
  env: Record<string, string | undefined>,
): Spawned {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    text += chunk.toString();
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    text += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    output: () => text,
    exited,
    stop: () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/** The first match of `pattern` in the process's output, once it appears. */
export function waitForOutput(
  spawned: Spawned,
  pattern: RegExp,
  timeoutMs = 60_000,
): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = pattern.exec(spawned.output());
      if (match) {
        cleanup();
        resolve(match);
      }
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`no output matching ${pattern} within ${timeoutMs} ms; output:\n${spawned.output()}`));
    }, timeoutMs);
    const onExit = (code: number | null) => {
      cleanup();
      reject(
        new Error(`the process exited (${code}) before printing ${pattern}; output:\n${spawned.output()}`),
      );
    };
    const cleanup = () => {
      clearTimeout(timer);
      spawned.child.stdout!.off("data", check);
      spawned.child.off("exit", onExit);
    };
    spawned.child.stdout!.on("data", check);
    spawned.child.once("exit", onExit);
    check();
  });
}
