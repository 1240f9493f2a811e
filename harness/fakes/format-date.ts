// Utilities.formatDate's SimpleDateFormat patterns: y M d H h m s S a E Z X and 'quoted' literals.
import { UNSUPPORTED } from "../errors.ts";
import { zonedParts } from "../time-zone.ts";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** Formats `ms` in `timeZone`; returns an error text for a pattern letter outside the supported subset. */
export function formatDate(
  ms: number,
  timeZone: string,
  pattern: string,
): { ok: true; text: string } | { ok: false; error: string } {
  const p = zonedParts(ms, timeZone);
  let out = "";
  for (let i = 0; i < pattern.length; ) {
    const ch = pattern[i]!;
    if (ch === "'") {
      // '' is a literal quote, inside or outside quoted text.
      if (pattern[i + 1] === "'") {
        out += "'";
        i += 2;
        continue;
      }
      for (i++; i < pattern.length; i++) {
        if (pattern[i] === "'" && pattern[i + 1] === "'") {
          out += "'";
          i++;
        } else if (pattern[i] === "'") break;
        else out += pattern[i];
      }
      i++;
      continue;
    }
    if (!/[A-Za-z]/.test(ch)) {
      out += ch;
      i++;
      continue;
    }
    let n = 1;
    while (pattern[i + n] === ch) n++;
    i += n;
    const field = letter(ch, n, p);
    if (field === null) return { ok: false, error: UNSUPPORTED.datePattern(ch) };
    out += field;
  }
  return { ok: true, text: out };
}

function letter(ch: string, n: number, p: ReturnType<typeof zonedParts>): string | null {
  switch (ch) {
    case "y":
      return n === 2 ? pad(p.year % 100, 2) : pad(p.year, n);
    case "M":
      return n >= 4 ? MONTHS[p.month - 1]! : n === 3 ? MONTHS[p.month - 1]!.slice(0, 3) : pad(p.month, n);
    case "d":
      return pad(p.day, n);
    case "H":
      return pad(p.hour, n);
    case "h":
      return pad(p.hour % 12 === 0 ? 12 : p.hour % 12, n);
    case "m":
      return pad(p.minute, n);
    case "s":
      return pad(p.second, n);
    case "S":
      return pad(p.millisecond, 3).slice(0, Math.max(n, 3)).padEnd(n, "0");
    case "a":
      return p.hour < 12 ? "AM" : "PM";
    case "E":
      return n >= 4 ? DAYS[p.weekday]! : DAYS[p.weekday]!.slice(0, 3);
    case "Z":
      return offset(p.offsetMinutes, false);
    case "X":
      return p.offsetMinutes === 0
        ? "Z"
        : n === 1
          ? offset(p.offsetMinutes, false).slice(0, 3)
          : offset(p.offsetMinutes, n >= 3);
    default:
      return null;
  }
}

function offset(minutes: number, colon: boolean): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60), 2)}${colon ? ":" : ""}${pad(abs % 60, 2)}`;
}
