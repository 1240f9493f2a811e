// Settings ▸ Storage: what the spreadsheet's and the person's stores hold against Apps Script's limits.
import { useState } from "preact/hooks";
import { server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { Section } from "../../components/section";
import { useAction } from "../../hooks/use-action";
import { formatNumber } from "../../lib/format";
import { keptWords } from "../../lib/kept-words";
import type { StorageView } from "../../lib/server-types";

type Usage = NonNullable<StorageView["document"]>;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function StoreParts({ title, usage }: { title: string; usage: Usage }) {
  const reserved =
    usage.reservedBytes > 0 ? `; ${kb(usage.reservedBytes)} of it is kept for paid-request records` : "";
  return (
    <>
      <p class="hint">
        {title}: {kb(usage.usedBytes)} of {kb(usage.limitBytes)} used{reserved}.
      </p>
      <ul class="storage-parts">
        {usage.parts.map((part) => (
          <li key={part.kind}>
            {part.label}: {kb(part.bytes)} ({formatNumber(part.values)} value{part.values === 1 ? "" : "s"})
          </li>
        ))}
      </ul>
    </>
  );
}

export function StorageSection() {
  const [view, setView] = useState<StorageView | null>(null);
  const load = useAction(() => server.getStorage());
  const onShow = async () => {
    const outcome = await load.run();
    if (outcome.ok) setView(outcome.value);
  };
  return (
    <Section id="storage" title="Storage">
      <p class="hint">
        Apps Script gives each spreadsheet and each person 500 KB of storage. When it is full, paid actions
        stop before paying; clearing cached results below frees the room they take.
      </p>
      <div class="row">
        <Button busy={load.busy} onClick={onShow}>
          {view ? "Show again" : "Show storage"}
        </Button>
      </div>
      {load.error && (
        <Banner tone="error" title="Storage not read" onDismiss={load.clearError}>
          {load.error}
        </Banner>
      )}
      {view && (
        <div role="status" aria-live="polite">
          {view.document && <StoreParts title="This spreadsheet" usage={view.document} />}
          <StoreParts title="Your own storage" usage={view.user} />
          <p class="hint">
            6-hour cache: formula {keptWords(view.cache.kept)} kept, each up to {view.cache.hours} hours.
          </p>
        </div>
      )}
    </Section>
  );
}
