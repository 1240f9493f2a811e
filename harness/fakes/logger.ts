// Logger and console: lines go to the execution's record (gas.executions[i].logs), not to the test output.
import { format } from "node:util";
import type { Execution } from "../execution.ts";

export function createLogger(exec: Execution) {
  const lines: string[] = [];
  const logger = {
    log(...args: unknown[]) {
      exec.call("Logger.log");
      const line = format(...args);
      lines.push(line);
      exec.log(line);
      return logger;
    },
    getLog() {
      exec.call("Logger.getLog");
      return lines.join("\n");
    },
    clear() {
      exec.call("Logger.clear");
      lines.length = 0;
    },
  };
  return logger;
}

export function createConsole(exec: Execution) {
  const level =
    (name: string) =>
    (...args: unknown[]) => {
      exec.call(`console.${name}`);
      exec.log(`${name.toUpperCase()} ${format(...args)}`);
    };
  return {
    log: level("log"),
    info: level("info"),
    warn: level("warn"),
    error: level("error"),
    debug: level("debug"),
  };
}
