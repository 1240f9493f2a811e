// The emulator's command line: the flags it reads and the sentence it prints for bad ones.
import { describe, expect, it } from "vitest";
import { parseCliArguments } from "../../../emulator/cli-args.ts";

describe("parseCliArguments", () => {
  it("reads no flags as defaults", () => {
    expect(parseCliArguments([])).toEqual({});
  });

  it("reads port, host, seed and orgs", () => {
    expect(parseCliArguments(["--port", "0", "--host", "0.0.0.0", "--seed", "3", "--orgs=50000"])).toEqual({
      port: 0,
      host: "0.0.0.0",
      seed: 3,
      orgs: 50_000,
    });
  });

  it("asks for help with --help or -h", () => {
    expect(parseCliArguments(["--help"])).toBe("help");
    expect(parseCliArguments(["-h"])).toBe("help");
  });

  it.each([
    [["--port", "http"], '--port must be a whole number from 0 to 65535, not "http".'],
    [["--port", "70000"], '--port must be a whole number from 0 to 65535, not "70000".'],
    [["--orgs", "0"], '--orgs must be a whole number from 1 to 500000, not "0".'],
    [["--orgs", "1e4"], '--orgs must be a whole number from 1 to 500000, not "1e4".'],
    [["--seed", "-1"], '--seed must be a whole number from 0 to 4294967295, not "-1".'],
    [["--port"], "--port needs a value, e.g. --port 8080."],
    [["--host", "--port", "1"], "--host needs a value, e.g. --host 127.0.0.1."],
    [["--seed=-1"], '--seed must be a whole number from 0 to 4294967295, not "-1".'],
    [["--host", ""], "--host must name an interface, e.g. 127.0.0.1 or 0.0.0.0."],
    [["--verbose"], 'Unknown option "--verbose": the emulator takes --port, --host, --seed and --orgs.'],
    [["8080"], 'Unexpected argument "8080": give each value after its flag, e.g. --port 8080.'],
    [["-p", "1"], 'Unexpected argument "-p": give each value after its flag, e.g. --port 8080.'],
  ])("rejects %j", (argv, message) => {
    expect(() => parseCliArguments(argv)).toThrow(message);
  });
});
