// Signal configs, read-only: what each one watches, its priority and scope, how many signals it made
// in the last 7 days, and a link to change it at the service.
import type { ComponentChildren } from "preact";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { EmptyState } from "../../components/empty-state";
import { ServiceLink } from "../../components/service-link";
import { Spinner } from "../../components/spinner";
import { formatNumber } from "../../lib/format";
import { useSignalConfigs } from "../../lib/signal-configs";

export function ConfigsView({ top }: { top: ComponentChildren }) {
  const { configs, busy, error, reload } = useSignalConfigs();
  return (
    <div class="screen-body">
      {top}
      <p class="hint">
        The configs that build your feed. They are changed at the service; reading them is free.
      </p>
      {busy && (
        <p class="loading" role="status">
          <Spinner /> Reading signal configs…
        </p>
      )}
      {error && (
        <Banner
          tone="error"
          title="Configs not read"
          action={
            <Button busy={busy} onClick={reload}>
              Try again
            </Button>
          }
        >
          {error}
        </Banner>
      )}
      {configs && configs.length === 0 && (
        <EmptyState icon="signals" title="No signal configs">
          <p>Set up signals at the service; they show here.</p>
        </EmptyState>
      )}
      {configs && configs.length > 0 && (
        <ul class="item-list" aria-label="Signal configs">
          {configs.map((config) => (
            <li key={config.id} class="item-row">
              <div class="item-text">
                <span class="item-title">{config.name}</span>
                <span class="item-details">
                  {[
                    config.priority && `${config.priority} priority`,
                    config.scope && `${config.scope} scope`,
                    config.days !== null && `last ${config.days} days`,
                    config.signalCount7d !== null &&
                      `${formatNumber(config.signalCount7d)} signals in 7 days`,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
                <ServiceLink href={config.link}>Open at the service</ServiceLink>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
