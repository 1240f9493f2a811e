// What the technology searches of this sidebar found, kept while it stays open: the same search again is
// answered from here without a question or a call, and typing suggests from it for free.
import type { TechnologySuggestion } from "./enrich-types";

/** Suggestions shown under the field at most (the service's own answer holds 10). */
const MAX_SHOWN = 10;

const answers = new Map<string, TechnologySuggestion[]>();

const keyOf = (query: string) => query.trim().toLowerCase();

export function rememberTechnologies(query: string, technologies: readonly TechnologySuggestion[]): void {
  answers.set(keyOf(query), [...technologies]);
}

/** The answer an earlier search for exactly this text got, or null. */
export function searchedBefore(query: string): TechnologySuggestion[] | null {
  return answers.get(keyOf(query)) ?? null;
}

/** Technologies found before whose name or slug contains the text, most used first. */
export function knownTechnologies(text: string): TechnologySuggestion[] {
  const key = keyOf(text);
  if (key === "") return [];
  const bySlug = new Map<string, TechnologySuggestion>();
  for (const list of answers.values()) {
    for (const tech of list) {
      if (tech.name.toLowerCase().includes(key) || tech.slug.includes(key)) bySlug.set(tech.slug, tech);
    }
  }
  return [...bySlug.values()].sort((a, b) => b.count - a.count).slice(0, MAX_SHOWN);
}
