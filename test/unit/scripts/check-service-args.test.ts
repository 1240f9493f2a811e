// check-service's arguments: the key only from the environment, an address it may send the key to, and
// consent to spend as a number of credits.
import { describe, expect, it } from "vitest";
import {
  KEY_ON_COMMAND_LINE,
  parseCheckServiceArgs,
  UsageError,
} from "../../../scripts/check-service/args.ts";
import { PAID_PRICE, PAID_REQUEST } from "../../../scripts/check-service/checks.ts";
import { consentFrom, consentQuestion } from "../../../scripts/check-service/consent.ts";
import { OrganizationsRequest } from "../../../src/api/contract/index.ts";

const env = { API_KEY: "sk_test_0123456789" };

function refusal(argv: string[], environment: Record<string, string | undefined> = env): string {
  try {
    parseCheckServiceArgs(argv, environment);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error("expected a refusal");
}

describe("parseCheckServiceArgs", () => {
  it("reads the address as the add-on does, the key from API_KEY, and no consent by default", () => {
    expect(parseCheckServiceArgs(["--base-url", "https://api.example.com/v9/"], env)).toEqual({
      baseUrl: "https://api.example.com",
      apiKey: "sk_test_0123456789",
      spendLimit: null,
    });
  });

  it("falls back to API_BASE_URL and reads --yes-spend", () => {
    const options = parseCheckServiceArgs(["--yes-spend", "3"], {
      ...env,
      API_BASE_URL: "https://a.example.com",
    });
    expect(options).toMatchObject({ baseUrl: "https://a.example.com", spendLimit: 3 });
  });

  it.each([
    ["--key", "sk_live_secret"],
    ["--api-key=sk_live_secret"],
    ["--API_KEY", "sk_live_secret"],
    ["--token", "sk_live_secret"],
  ])("refuses a key on the command line (%s) without repeating it", (...flag) => {
    const message = refusal(["--base-url", "https://api.example.com", ...flag]);
    expect(message).toBe(KEY_ON_COMMAND_LINE);
    expect(message).not.toContain("sk_live_secret");
  });

  it("does not repeat a stray word, which may be a pasted key", () => {
    const message = refusal(["--base-url", "https://api.example.com", "sk_live_secret"]);
    expect(message).toMatch(/takes only options; if a word was the key, set API_KEY/);
    expect(message).not.toContain("sk_live_secret");
  });

  it("asks for API_KEY when it is missing or blank", () => {
    expect(refusal(["--base-url", "https://api.example.com"], { API_KEY: "  " })).toMatch(
      /^Set API_KEY in the environment/,
    );
  });

  it("sends a key over plain http only to this machine", () => {
    expect(parseCheckServiceArgs(["--base-url", "http://127.0.0.1:8787"], env)).toMatchObject({
      baseUrl: "http://127.0.0.1:8787",
    });
    expect(parseCheckServiceArgs(["--base-url", "http://localhost:8787"], env)).toMatchObject({
      baseUrl: "http://localhost:8787",
    });
    expect(refusal(["--base-url", "http://api.example.com"])).toMatch(/must use https:\/\/ .* unencrypted/);
  });

  it.each([
    [["--base-url", "api.example.com"], /must be the service's address/],
    [["--base-url", "https://api.example.com?x=1"], /must be the service's address/],
    [[], /Give the service address/],
    [["--base-url", "https://api.example.com", "--yes-spend", "one"], /whole number of credits/],
    [["--base-url", "https://api.example.com", "--yes-spend=-1"], /whole number of credits/],
    [["--base-url", "https://api.example.com", "--verbose"], /Unknown option '--verbose'/],
  ])("refuses %j", (argv, message) => {
    expect(refusal(argv)).toMatch(message);
  });

  it("echoes at most 100 characters of a bad address", () => {
    expect(refusal(["--base-url", `ftp://${"x".repeat(5_000)}`]).length).toBeLessThan(250);
  });

  it("answers --help with the usage", () => {
    expect(parseCheckServiceArgs(["--help"], {})).toBe("help");
  });
});

describe("the paid check", () => {
  it("is a valid request priced at one credit by the client's own estimator", () => {
    expect(OrganizationsRequest.safeParse(PAID_REQUEST).success).toBe(true);
    expect(PAID_PRICE).toBe(1);
  });
});

describe("consentFrom", () => {
  const offer = {
    request: "POST /v9/organizations",
    description: "one organization",
    credits: 1,
    balance: 12_480,
  };

  it("grants up to the --yes-spend limit and refuses beyond it, without asking", async () => {
    const ask = async () => {
      throw new Error("must not ask");
    };
    expect(await consentFrom({ spendLimit: 1, ask })(offer)).toEqual({ granted: true });
    expect(await consentFrom({ spendLimit: 0, ask })(offer)).toEqual({
      granted: false,
      reason: "not sent: it costs up to 1 credit, more than --yes-spend 0 allows",
    });
  });

  it("refuses when there is no terminal to ask on", async () => {
    expect(await consentFrom({ spendLimit: null, ask: null })(offer)).toMatchObject({ granted: false });
  });

  it.each([
    ["y", true],
    ["YES", true],
    ["", false],
    ["n", false],
    ["sure", false],
  ])("takes %j at the terminal as %s", async (answer, granted) => {
    expect((await consentFrom({ spendLimit: null, ask: async () => answer })(offer)).granted).toBe(granted);
  });

  it("asks with the price and the balance", () => {
    expect(consentQuestion(offer)).toBe(
      "The last check is paid: POST /v9/organizations for one organization. It costs at most 1 credit of your 12,480 credits. Spend it? [y/N] ",
    );
  });
});
