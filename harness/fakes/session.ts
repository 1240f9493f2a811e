// Session: the active and effective user, time zone, locale and an anonymous key per user.
import { createHash } from "node:crypto";
import type { Execution } from "../execution.ts";

export interface SessionDeps {
  timeZone: string;
  locale: string;
  seed: number;
}

export function createSession(exec: Execution, deps: SessionDeps) {
  const email = exec.init.activeUserEmail;
  const user = () => ({
    getEmail() {
      exec.call("User.getEmail");
      return email;
    },
    toString: () => email,
  });
  return {
    getActiveUser() {
      exec.call("Session.getActiveUser");
      return user();
    },
    getEffectiveUser() {
      exec.call("Session.getEffectiveUser");
      return user();
    },
    getScriptTimeZone() {
      exec.call("Session.getScriptTimeZone");
      return deps.timeZone;
    },
    getActiveUserLocale() {
      exec.call("Session.getActiveUserLocale");
      return deps.locale;
    },
    getTemporaryActiveUserKey() {
      exec.call("Session.getTemporaryActiveUserKey");
      if (!email) return "";
      return createHash("sha256").update(`${deps.seed}:${email}`).digest("base64url").slice(0, 43);
    },
  };
}
