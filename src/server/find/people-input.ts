// Reads a cell or typed entry as a person for a people lookup: a person id, a LinkedIn profile URL or an
// e-mail address (the three identifiers the people endpoint matches on).
import type { PersonInput } from "../../api/contract";

const DIGITS = /^\d+$/;
const LINKEDIN = /^(?:https?:\/\/)?(?:[\w-]+\.)?linkedin\.com\/in\/[^\s/?#]+/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function readPerson(value: unknown): PersonInput | null {
  if (typeof value === "number")
    return Number.isSafeInteger(value) && value > 0 ? { person_id: value } : null;
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (DIGITS.test(text)) {
    const id = Number(text);
    return Number.isSafeInteger(id) && id > 0 ? { person_id: id } : null;
  }
  if (LINKEDIN.test(text)) return { linkedin_url: text };
  if (EMAIL.test(text)) return { email: text.toLowerCase() };
  return null;
}

/** A stable key per person, so one named twice is sent once. */
export function personKey(person: PersonInput): string {
  if (person.person_id != null) return `id:${person.person_id}`;
  if (person.linkedin_url) return `in:${person.linkedin_url.toLowerCase().replace(/\/+$/, "")}`;
  return `email:${person.email ?? ""}`;
}
