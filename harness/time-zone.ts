// Calendar fields of an instant in an IANA zone or a GMT offset, as Java's TimeZone reads them.

export interface ZonedParts {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  /** 0 = Sunday */
  weekday: number;
  offsetMinutes: number;
}

const FIXED = /^(?:GMT|UTC)(?:([+-])(\d{1,2})(?::?(\d{2}))?)?$/;
const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatter(timeZone: string): Intl.DateTimeFormat | null {
  if (!formatters.has(timeZone)) {
    try {
      formatters.set(
        timeZone,
        new Intl.DateTimeFormat("en-US", {
          timeZone,
          hourCycle: "h23",
          year: "numeric",
          month: "numeric",
          day: "numeric",
          hour: "numeric",
          minute: "numeric",
          second: "numeric",
        }),
      );
    } catch {
      formatters.set(timeZone, null);
    }
  }
  return formatters.get(timeZone)!;
}

/** True for a zone zonedParts reads: an IANA name ("Europe/Paris") or a GMT/UTC offset ("GMT+2"). */
export function isTimeZone(name: string): boolean {
  return FIXED.test(name) || formatter(name) !== null;
}

export function zonedParts(ms: number, timeZone: string): ZonedParts {
  const fixed = FIXED.exec(timeZone);
  let offsetMinutes = 0;
  const format = fixed ? null : formatter(timeZone);
  if (fixed?.[1])
    offsetMinutes = (fixed[1] === "-" ? -1 : 1) * (Number(fixed[2]) * 60 + Number(fixed[3] ?? 0));
  if (format) {
    const parts = Object.fromEntries(
      format.formatToParts(new Date(ms)).map((p) => [p.type, Number(p.value)]),
    );
    const asUtc = Date.UTC(
      parts.year!,
      parts.month! - 1,
      parts.day!,
      parts.hour!,
      parts.minute!,
      parts.second!,
    );
    offsetMinutes = Math.round((asUtc - (ms - (((ms % 1000) + 1000) % 1000))) / 60_000);
  }
  const local = new Date(ms + offsetMinutes * 60_000);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    millisecond: local.getUTCMilliseconds(),
    weekday: local.getUTCDay(),
    offsetMinutes,
  };
}
