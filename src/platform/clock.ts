// The Apps Script clock: Date for now, Utilities.sleep for waiting (there are no timers).
import type { Clock } from "../api/retry/clock";

export const appsScriptClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => Utilities.sleep(Math.max(0, Math.round(ms))),
};
