// ScriptApp: AuthMode and other enums, authorization info, and time-driven trigger builders.
import { argTypes } from "../arg-types.ts";
import { AuthMode } from "../auth-mode.ts";
import { defineEnum, enumName } from "../enums.ts";
import { GAS } from "../errors.ts";
import type { Execution } from "../execution.ts";
import { isDate } from "../realm.ts";
import { zonedParts } from "../time-zone.ts";
import { bookOf } from "./spreadsheet-context.ts";
import type { Schedule, TriggerState, TriggerTable } from "./trigger-table.ts";

export const AuthorizationStatus = defineEnum(["REQUIRED", "NOT_REQUIRED"]);
export const EventType = defineEnum([
  "CLOCK",
  "ON_OPEN",
  "ON_EDIT",
  "ON_FORM_SUBMIT",
  "ON_CHANGE",
  "ON_EVENT_UPDATED",
]);
export const TriggerSource = defineEnum(["SPREADSHEETS", "CLOCK", "FORMS", "DOCUMENTS", "CALENDAR"]);
export const WeekDay = defineEnum([
  "SUNDAY",
  "MONDAY",
  "TUESDAY",
  "WEDNESDAY",
  "THURSDAY",
  "FRIDAY",
  "SATURDAY",
]);

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

export interface ScriptAppDeps {
  triggers: TriggerTable;
  timeZone: string;
  scriptId: string;
  authorized: boolean;
  scopes: string[];
}

export function createScriptApp(exec: Execution, deps: ScriptAppDeps) {
  const triggerObject = (trigger: TriggerState) => ({
    getUniqueId: exec.method("Trigger.getUniqueId", () => trigger.id),
    getHandlerFunction: exec.method("Trigger.getHandlerFunction", () => trigger.handler),
    getEventType: exec.method("Trigger.getEventType", () => EventType.CLOCK),
    getTriggerSource: exec.method("Trigger.getTriggerSource", () => TriggerSource.CLOCK),
    getTriggerSourceId: exec.method("Trigger.getTriggerSourceId", () => null),
  });
  const idOf = new WeakMap<object, string>();
  const wrap = (trigger: TriggerState) => {
    const object = triggerObject(trigger);
    idOf.set(object, trigger.id);
    return object;
  };

  const clockBuilder = (handler: string) => {
    let every: { ms: number; description: string } | null = null;
    let once: number | null = null;
    let hour: number | null = null;
    let minute = 0;
    let weekDay: number | null = null;
    let timeZone = deps.timeZone;
    const positive = (n: unknown, method: string): number => {
      const value = Number(n);
      if (!Number.isInteger(value) || value < 1) exec.fail(GAS.invalidArgument(method));
      return value;
    };
    const builder = {
      everyMinutes(n: unknown) {
        exec.call("ClockTriggerBuilder.everyMinutes");
        const value = Number(n);
        if (![1, 5, 10, 15, 30].includes(value)) exec.fail(GAS.everyMinutes);
        every = { ms: value * MINUTE, description: `every ${value} minutes` };
        return builder;
      },
      everyHours(n: unknown) {
        exec.call("ClockTriggerBuilder.everyHours");
        const value = positive(n, "everyHours");
        every = { ms: value * HOUR, description: `every ${value} hours` };
        return builder;
      },
      everyDays(n: unknown) {
        exec.call("ClockTriggerBuilder.everyDays");
        const value = positive(n, "everyDays");
        every = { ms: value * DAY, description: `every ${value} days` };
        return builder;
      },
      everyWeeks(n: unknown) {
        exec.call("ClockTriggerBuilder.everyWeeks");
        const value = positive(n, "everyWeeks");
        every = { ms: value * 7 * DAY, description: `every ${value} weeks` };
        return builder;
      },
      atHour(h: unknown) {
        exec.call("ClockTriggerBuilder.atHour");
        const value = Number(h);
        if (!Number.isInteger(value) || value < 0 || value > 23) exec.fail(GAS.invalidArgument("hour"));
        hour = value;
        return builder;
      },
      nearMinute(m: unknown) {
        exec.call("ClockTriggerBuilder.nearMinute");
        const value = Number(m);
        if (!Number.isInteger(value) || value < 0 || value > 59) exec.fail(GAS.invalidArgument("minute"));
        minute = value;
        return builder;
      },
      onWeekDay(day: unknown) {
        exec.call("ClockTriggerBuilder.onWeekDay");
        const name = enumName(day);
        const index = name ? (Object.keys(WeekDay) as string[]).indexOf(name) : -1;
        if (index < 0) exec.fail(GAS.invalidArgument("day"));
        weekDay = index;
        return builder;
      },
      after(ms: unknown) {
        exec.call("ClockTriggerBuilder.after");
        const value = Number(ms);
        if (!Number.isFinite(value) || value < 0) exec.fail(GAS.invalidArgument("durationMilliseconds"));
        once = exec.cursor + value;
        return builder;
      },
      at(date: unknown) {
        exec.call("ClockTriggerBuilder.at");
        if (!isDate(date)) exec.fail(GAS.signature(argTypes([date]), "ClockTriggerBuilder.at"));
        once = (date as Date).getTime();
        return builder;
      },
      atDate(year: unknown, month: unknown, day: unknown) {
        exec.call("ClockTriggerBuilder.atDate");
        const midnightUtc = Date.UTC(Number(year), Number(month) - 1, Number(day));
        if (!Number.isFinite(midnightUtc)) exec.fail(GAS.invalidArgument("date"));
        once = midnightUtc - zonedParts(midnightUtc, timeZone).offsetMinutes * MINUTE;
        return builder;
      },
      inTimezone(tz: unknown) {
        exec.call("ClockTriggerBuilder.inTimezone");
        timeZone = String(tz);
        return builder;
      },
      create() {
        exec.call("ClockTriggerBuilder.create");
        let schedule: Schedule;
        if (once !== null) schedule = { kind: "once", at: once };
        else if (every) schedule = { kind: "every", intervalMs: every.ms, description: every.description };
        else return exec.fail(GAS.triggerWithoutSchedule);
        // An add-on's triggers belong to the current file (EDTRIG); with no file there is none to attach to.
        const documentId = exec.init.documentId;
        if (documentId === null) return exec.fail(GAS.addonTriggerNoDocument);
        const created = deps.triggers.create({
          handler,
          user: exec.init.user,
          documentId,
          schedule,
          createdAt: exec.cursor,
          timeZone,
        });
        if (typeof created === "string") return exec.fail(created);
        if (schedule.kind === "every" && (hour !== null || weekDay !== null)) {
          deps.triggers.pin(created, firstPinned(exec.cursor, timeZone, hour ?? 0, minute, weekDay));
        }
        return wrap(created);
      },
    };
    return builder;
  };

  return {
    AuthMode,
    AuthorizationStatus,
    EventType,
    TriggerSource,
    WeekDay,
    newTrigger(functionName: unknown) {
      exec.call("ScriptApp.newTrigger");
      if (typeof functionName !== "string" || functionName.length === 0) {
        exec.fail(GAS.signature(argTypes([functionName]), "ScriptApp.newTrigger"));
      }
      return {
        timeBased() {
          exec.call("TriggerBuilder.timeBased");
          return clockBuilder(functionName as string);
        },
      };
    },
    getProjectTriggers() {
      exec.call("ScriptApp.getProjectTriggers");
      return exec.realm.list(deps.triggers.forUser(exec.init.user).map(wrap));
    },
    getUserTriggers(document: unknown) {
      exec.call("ScriptApp.getUserTriggers");
      const doc = typeof document === "object" && document !== null ? bookOf.get(document) : undefined;
      if (!doc) exec.fail(GAS.signature(argTypes([document]), "ScriptApp.getUserTriggers"));
      return exec.realm.list(deps.triggers.forUser(exec.init.user, doc!.id).map(wrap));
    },
    deleteTrigger(trigger: unknown) {
      exec.call("ScriptApp.deleteTrigger");
      const id = typeof trigger === "object" && trigger !== null ? idOf.get(trigger) : undefined;
      if (!id) exec.fail(GAS.signature(argTypes([trigger]), "ScriptApp.deleteTrigger"));
      deps.triggers.delete(id);
    },
    getAuthorizationInfo(authMode: unknown) {
      exec.call("ScriptApp.getAuthorizationInfo");
      if (!enumName(authMode))
        exec.fail(GAS.signature(argTypes([authMode]), "ScriptApp.getAuthorizationInfo"));
      const required = !deps.authorized;
      return {
        getAuthorizationStatus: () =>
          required ? AuthorizationStatus.REQUIRED : AuthorizationStatus.NOT_REQUIRED,
        getAuthorizationUrl: () =>
          required ? `https://script.google.com/macros/d/${deps.scriptId}/authorize` : null,
        getAuthorizedScopes: () => exec.realm.of(required ? [] : deps.scopes),
      };
    },
    getScriptId() {
      exec.call("ScriptApp.getScriptId");
      return deps.scriptId;
    },
  };
}

/** The first time at `hour`:`minute` (on `weekDay`, if set) in `timeZone` after `now`. */
function firstPinned(
  now: number,
  timeZone: string,
  hour: number,
  minute: number,
  weekDay: number | null,
): number {
  const p = zonedParts(now, timeZone);
  let candidate = Date.UTC(p.year, p.month - 1, p.day, hour, minute) - p.offsetMinutes * MINUTE;
  for (let i = 0; i < 8; i++) {
    const day = zonedParts(candidate, timeZone).weekday;
    if (candidate > now && (weekDay === null || day === weekDay)) break;
    candidate += DAY;
  }
  return candidate;
}
