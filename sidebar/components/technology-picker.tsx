// Technologies as chips, found with the service's technology search as the person types. A search costs
// 1 credit when it finds something, so it waits for a pause and a few letters, and the server answers a
// query it has seen in the last 6 hours for free; the field says so.
import { useEffect, useRef, useState } from "preact/hooks";
import { failureMessage, server } from "../bridge";
import { useDebounced } from "../hooks/use-debounced";
import type { TechnologySuggestion } from "../lib/enrich-types";
import { formatNumber } from "../lib/format";
import { useSidebar } from "../state";
import { ChipInput } from "./chip-input";

export interface PickedTechnology {
  slug: string;
  name: string;
}

const SEARCH_DELAY_MS = 500;

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
  const [text, setText] = useState("");
  const [found, setFound] = useState<TechnologySuggestion[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const answers = useRef(new Map<string, TechnologySuggestion[]>());
  const settled = useDebounced(text.trim(), SEARCH_DELAY_MS);

  const search = async (query: string): Promise<TechnologySuggestion[]> => {
    const key = query.toLowerCase();
    const known = answers.current.get(key);
    if (known) return known;
    setBusy(true);
    try {
      const answer = await server.findTechnologies(query);
      if (answer.credits) credits.set(answer.credits);
      answers.current.set(key, answer.technologies);
      setError(null);
      return answer.technologies;
    } catch (failure) {
      setError(failureMessage(failure));
      return [];
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    let current = true;
    if (settled.length < minChars) {
      setFound([]);
      return;
    }
    void search(settled).then((list) => current && setFound(list));
    return () => {
      current = false;
    };
  }, [settled, minChars]);

  const add = (tech: PickedTechnology) => {
    if (!chosen.some((t) => t.slug === tech.slug)) onChange([...chosen, tech]);
    setFound([]);
  };

  const submitText = async (typed: string) => {
    if (typed.length < minChars) {
      setError(`Type at least ${minChars} characters, then pick a technology.`);
      throw new Error("too short");
    }
    const list = await search(typed);
    const exact = list.find(
      (t) => t.slug === typed.toLowerCase() || t.name.toLowerCase() === typed.toLowerCase(),
    );
    const pick = exact ?? list[0];
    if (!pick) {
      setError(`No technology matches "${typed}".`);
      throw new Error("no match");
    }
    add({ slug: pick.slug, name: pick.name });
  };

  const price = `${findPrice} credit${findPrice === 1 ? "" : "s"}`;
  return (
    <div>
      <ChipInput
        id={id}
        label={label}
        chips={chosen.map((t) => ({ key: t.slug, label: t.name }))}
        onRemove={(slug) => onChange(chosen.filter((t) => t.slug !== slug))}
        suggestions={found
          .filter((t) => !chosen.some((c) => c.slug === t.slug))
          .map((t) => ({ key: t.slug, label: t.name, detail: formatNumber(t.count) }))}
        onPick={(s) => add({ slug: s.key, name: s.label })}
        onTextChange={(value) => {
          setText(value);
          setError(null);
        }}
        onSubmitText={submitText}
        busy={busy}
        placeholder="Type a technology, e.g. Kubernetes"
        hint={`Searching costs ${price} when it finds something; the same search again within 6 hours is free.`}
      />
      {error && (
        <p class="hint credits-empty" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
