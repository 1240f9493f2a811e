// Enumerated API values in words, and only those: text that is already someone's words stays as it came.
import { describe, expect, it } from "vitest";
import { apiValueWords } from "../../../src/core/text/api-values";

describe("apiValueWords", () => {
  it.each([
    ["series_e", "Series E"],
    ["series_a", "Series A"],
    ["private_equity", "Private equity"],
    ["not_in_crm", "Not in CRM"],
    ["technology_recent_hires", "Technology recent hires"],
    ["ipo", "IPO"],
    ["seed", "Seed"],
    ["active", "Active"],
  ])("shows %j as %j, which folds back to the API value", (value, words) => {
    expect(apiValueWords(value)).toBe(words);
    expect(words.toLowerCase().replace(/ /g, "_")).toBe(value);
  });

  it.each(["Software Development", "Acquired by Acme", "", "series-e", "Series E", "=1+1"])(
    "leaves %j as it came",
    (value) => {
      expect(apiValueWords(value)).toBe(value);
    },
  );
});
