// Session: the e-mail where Apps Script shows it, blank where it hides it; time zone, locale, user key.
import { describe, expect, it } from "vitest";
import { createSession } from "../../../harness/fakes/session.ts";
import { bareExecution, fixtureHarness } from "./support.ts";

const deps = { timeZone: "Europe/Paris", locale: "fr", seed: 1 };

describe("Session", () => {
  it("gives the active and effective user's e-mail in a server function", () => {
    const session = createSession(bareExecution({ activeUserEmail: "ann@example.com" }), deps);
    expect([session.getActiveUser().getEmail(), session.getEffectiveUser().getEmail()]).toEqual([
      "ann@example.com",
      "ann@example.com",
    ]);
    expect([session.getScriptTimeZone(), session.getActiveUserLocale()]).toEqual(["Europe/Paris", "fr"]);
  });

  it("gives a stable key per user that does not reveal the e-mail", () => {
    const ann = createSession(
      bareExecution({ activeUserEmail: "ann@example.com" }),
      deps,
    ).getTemporaryActiveUserKey();
    const again = createSession(
      bareExecution({ activeUserEmail: "ann@example.com" }),
      deps,
    ).getTemporaryActiveUserKey();
    const bob = createSession(
      bareExecution({ activeUserEmail: "bob@example.com" }),
      deps,
    ).getTemporaryActiveUserKey();
    expect(ann).toBe(again);
    expect(ann).not.toBe(bob);
    expect(ann).not.toContain("ann");
  });

  it("hides the e-mail and the key inside a custom function", async () => {
    const gas = await fixtureHarness({ user: "ann@example.com" });
    const cell = gas.formula(
      "A1",
      `=PROBE("Session.getActiveUser().getEmail() + '|' + Session.getEffectiveUser().getEmail() + '|' + Session.getTemporaryActiveUserKey()")`,
    );
    expect(cell.value).toBe("||");
    expect(gas.run("probe", "Session.getActiveUser().getEmail()")).toBe("ann@example.com");
  });

  it("uses the manifest's time zone, Etc/UTC without one, unless the harness is given one", async () => {
    const gas = await fixtureHarness();
    expect(gas.run("probe", "Session.getScriptTimeZone()")).toBe("Etc/UTC");
    const paris = await fixtureHarness({ timeZone: "Europe/Paris" });
    expect(paris.run("probe", "Session.getScriptTimeZone()")).toBe("Europe/Paris");
  });
});
