// Job-title mapping writes what the service says as text: a function or level that reads like a formula
// ("=HYPERLINK(…)", "+1") lands as that text, never as a formula in the person's sheet (the text guard).
import { describe, expect, it } from "vitest";
import { jobsWorld, run } from "./bulk-world.ts";

const FORMULA = '=HYPERLINK("https://evil.example/","Data Engineer")';

describe("mapping job titles whose answer reads like a formula", () => {
  it("writes the service's words as text, never as a formula", async () => {
    const { gas } = await jobsWorld({
      orgs: 300,
      intercept: (request, emulator) => {
        const response = emulator(request);
        if (!request.path.endsWith("/title-lookup")) return response;
        // The service's answer, as it might come from a compromised or careless upstream.
        const body = response.body
          .replaceAll('"Data Engineer"', JSON.stringify(FORMULA))
          .replaceAll('"Vice President"', '"+1 Vice President"');
        return { ...response, body };
      },
    });
    gas.sheet("Sheet1").set("A1", [["Job title"], ["Senior Data Engineer"], ["VP of Sales"]]);
    run(gas, "mapJobTitles", { sheetName: "Sheet1", range: "A1:A3" });
    expect(gas.sheet("Sheet1").formulas("B1:C3").flat()).toEqual(["", "", "", "", "", ""]);
    expect(gas.sheet("Sheet1").values("B2:C3")).toEqual([
      [FORMULA, "Individual Contributor"],
      ["Sales", "+1 Vice President"],
    ]);
  });
});
