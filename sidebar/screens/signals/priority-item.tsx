// One priority signal: its headline, day and text, and three pressed-or-not buttons for the feedback
// (relevant, not relevant, clear), sent at once (free); the digest sheet's column follows.
import { useState } from "preact/hooks";
import { server } from "../../bridge";
import { Banner } from "../../components/banner";
import { ServiceLink } from "../../components/service-link";
import { useAction } from "../../hooks/use-action";
import type { PriorityItemView } from "../../lib/more-types";

const CHOICES: { value: boolean | null; label: string }[] = [
  { value: true, label: "Relevant" },
  { value: false, label: "Not relevant" },
  { value: null, label: "Clear" },
];

export function PriorityItem({
  item,
  onChange,
}: {
  item: PriorityItemView;
  onChange: (item: PriorityItemView) => void;
}) {
  const [status, setStatus] = useState<string | null>(null);
  const send = useAction((relevant: boolean | null) =>
    server.setPriorityRelevance({ itemId: item.id, relevant }),
  );
  const choose = async (relevant: boolean | null) => {
    setStatus(null);
    const outcome = await send.run(relevant);
    if (!outcome.ok) return;
    onChange({ ...item, relevant: outcome.value.relevant });
    setStatus(outcome.value.message);
  };
  const headingId = `priority-${item.id}-headline`;
  return (
    <li class="item-row priority-item" aria-labelledby={headingId}>
      <div class="item-text">
        <span id={headingId} class="item-title">
          {item.headline}
        </span>
        <span class="item-details">{item.date}</span>
        <p class="priority-content">{item.content}</p>
        <ServiceLink href={item.link}>Open at the service</ServiceLink>
      </div>
      <fieldset class="toggle-group">
        <legend class="visually-hidden">Feedback on {item.headline}</legend>
        {CHOICES.map((choice) => (
          <button
            key={choice.label}
            type="button"
            class="toggle"
            aria-pressed={
              choice.value === null ? undefined : item.relevant === choice.value ? "true" : "false"
            }
            disabled={send.busy || (choice.value === null && item.relevant === null)}
            onClick={() => choose(choice.value)}
          >
            {choice.label}
          </button>
        ))}
      </fieldset>
      <p class="status" role="status" aria-live="polite">
        {status}
      </p>
      {send.error && (
        <Banner tone="error" title="Feedback not sent" onDismiss={send.clearError}>
          {send.error}
        </Banner>
      )}
    </li>
  );
}
