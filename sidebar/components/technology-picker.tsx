// Technologies as chips, found with the service's technology search. A search costs 1 credit when it finds
// something, so it runs only when the person asks (Enter or Search), after the price question; while they
// type, suggestions come for free from what earlier searches in this sidebar found.
import { useState } from "preact/hooks";
import { failureMessage, server } from "../bridge";
import { usePaidConfirm } from "../hooks/use-paid-confirm";
import type { TechnologySuggestion } from "../lib/enrich-types";
import { formatNumber } from "../lib/format";
import { TECHNOLOGY_SEARCH } from "../lib/paid-words";
import { knownTechnologies, rememberTechnologies, searchedBefore } from "../lib/technology-answers";
import { useSidebar } from "../state";
import { ChipInput } from "./chip-input";

export interface PickedTechnology {
  slug: string;
  name: string;
}

export function TechnologyPicker({
  id,
  label,
  chosen,
  onChange,
  minChars,
  findPrice,
}: {
  id: string;
  label: string;
  chosen: readonly PickedTechnology[];
  onChange: (next: PickedTechnology[]) => void;
  minChars: number;
  findPrice: number;
}) {
  const { credits } = useSidebar();
  const confirm = usePaidConfirm();
  const [text, setText] = useState("");
  // What the last asked search found, shown to pick from until the text changes.
  const [found, setFound] = useState<{ query: string; technologies: TechnologySuggestion[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const search = async (query: string): Promise<TechnologySuggestion[] | null> => {
    const known = searchedBefore(query);
    if (known) return known;
    const go = await confirm.ask({
      title: TECHNOLOGY_SEARCH.question(query),
      detail: TECHNOLOGY_SEARCH.detail,
      upTo: findPrice,
    });
    if (!go) return null;
    setBusy(true);
    try {
      const answer = await server.findTechnologies(query);
      if (answer.credits) credits.set(answer.credits);
      rememberTechnologies(query, answer.technologies);
      setError(null);
      return answer.technologies;
    } catch (failure) {
      setError(failureMessage(failure));
      return null;
    } finally {
      setBusy(false);
    }
  };

  const add = (tech: PickedTechnology) => {
    if (!chosen.some((t) => t.slug === tech.slug)) onChange([...chosen, tech]);
    setFound(null);
  };

  // Rejecting keeps the typed text in the box (ChipInput's contract), to correct it or pick from the list.
  const submitText = async (typed: string) => {
    if (typed.length < minChars) {
      setError(TECHNOLOGY_SEARCH.tooShort(minChars));
      throw new Error("too short");
    }
    const list = await search(typed);
    if (list === null) throw new Error("not searched");
    const lower = typed.toLowerCase();
    const exact = list.find((t) => t.slug === lower || t.name.toLowerCase() === lower);
    if (exact) {
      add({ slug: exact.slug, name: exact.name });
      return;
    }
    if (list.length === 0) setError(TECHNOLOGY_SEARCH.noMatch(typed));
    else setFound({ query: typed, technologies: list });
    throw new Error("pick one");
  };

  const typed = text.trim();
  const shown =
    found && found.query.toLowerCase() === typed.toLowerCase()
      ? found.technologies
      : knownTechnologies(typed);
  return (
    <div>
      <ChipInput
        id={id}
        label={label}
        chips={chosen.map((t) => ({ key: t.slug, label: t.name }))}
        onRemove={(slug) => onChange(chosen.filter((t) => t.slug !== slug))}
        suggestions={shown
          .filter((t) => !chosen.some((c) => c.slug === t.slug))
          .map((t) => ({ key: t.slug, label: t.name, detail: formatNumber(t.count) }))}
        onPick={(s) => add({ slug: s.key, name: s.label })}
        onTextChange={(value) => {
          setText(value);
          setError(null);
        }}
        onSubmitText={submitText}
        submit={{ label: "Search", name: TECHNOLOGY_SEARCH.button }}
        busy={busy}
        placeholder={TECHNOLOGY_SEARCH.placeholder}
        hint={TECHNOLOGY_SEARCH.hint(findPrice)}
      />
      {error && (
        <p class="hint credits-empty" role="alert">
          {error}
        </p>
      )}
      {confirm.dialog}
    </div>
  );
}
