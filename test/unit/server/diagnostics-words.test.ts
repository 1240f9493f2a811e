// Diagnostics' values in plain words: each platform name the table can show, translated; the platform's
// own sentences (a refusal, a time) kept as they are.
import { describe, expect, it } from "vitest";
import { listWords, scopeWords, valueWords } from "../../../src/server/diagnostics/plain-words.ts";

describe("Diagnostics words", () => {
  it("translates each platform value the table shows", () => {
    expect(
      ["NOT_REQUIRED", "REQUIRED", "WEB_STORE_ADD_ON", "APPS_MARKETPLACE_DOMAIN_ADD_ON", "NONE"].map(
        valueWords,
      ),
    ).toEqual([
      "yes",
      "no: Google asks for them again",
      "from the Google Workspace Marketplace",
      "by the domain's administrator",
      "not installed: a script of this spreadsheet",
    ]);
    expect(["addon", "bound", "addon if installed, else bound"].map(valueWords)).toEqual([
      "an installed add-on",
      "a script of this spreadsheet",
      "an installed add-on if installed, else a script of this spreadsheet",
    ]);
    expect(["FULL", "LIMITED", "accepted", "yes", "null"].map(valueWords)).toEqual([
      "full",
      "limited",
      "allowed",
      "yes",
      "no",
    ]);
  });

  it("says a probe that threw as a failure and keeps the platform's sentences", () => {
    expect(valueWords("threw: Lock timeout.")).toBe("failed: Lock timeout.");
    expect(valueWords("refused: Add-ons may not.")).toBe("refused: Add-ons may not.");
    expect(valueWords("at 09:01 (UTC)")).toBe("at 09:01 (UTC)");
    expect(valueWords("threw:x")).toBe("threw:x");
  });

  it("translates lists and scopes", () => {
    expect(listWords("yes, null, threw: gone")).toBe("yes, no, failed: gone");
    expect(
      [
        "script.container.ui",
        "script.external_request",
        "script.scriptapp",
        "spreadsheets",
        "spreadsheets.currentonly",
        "drive",
      ].map(scopeWords),
    ).toEqual([
      "show its sidebar and dialogs",
      "connect to the enrichment service",
      "run in the background",
      "see and edit your spreadsheets",
      "see and edit this spreadsheet",
      "drive",
    ]);
  });
});
