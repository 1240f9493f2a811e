// The header's credit balance: a button that refreshes it for free, amber when low, red at zero.
import { useNow } from "../hooks/use-now";
import { chipDescription, chipLevel, chipText } from "../lib/credits-chip";
import type { CreditsView } from "../lib/server-types";
import { Spinner } from "./spinner";

export function CreditsChip({
  credits,
  busy,
  onRefresh,
}: {
  credits: CreditsView | null;
  busy: boolean;
  onRefresh: () => void;
}) {
  const description = chipDescription(credits, useNow());
  return (
    <button
      type="button"
      class={`chip chip-${chipLevel(credits)}`}
      title={description}
      aria-label={description}
      aria-busy={busy ? "true" : undefined}
      disabled={busy}
      onClick={onRefresh}
    >
      {busy ? <Spinner /> : <span class="chip-dot" aria-hidden="true" />}
      <span>{chipText(credits)}</span>
    </button>
  );
}
