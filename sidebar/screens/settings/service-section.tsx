// Settings ▸ Service: the address in use and where it comes from, and whether the service answers.
import { useEffect, useState } from "preact/hooks";
import { server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { Icon } from "../../components/icon";
import { Section } from "../../components/section";
import { useAction } from "../../hooks/use-action";
import { formatAge } from "../../lib/format";
import type { ServiceStatus, SettingsView } from "../../lib/server-types";

function StatusLine({
  busy,
  status,
  ready,
}: {
  busy: boolean;
  status: ServiceStatus | null;
  ready: boolean;
}) {
  if (busy) return <>Checking the service…</>;
  if (status?.ok) {
    return (
      <span class="ok">
        <Icon name="success" size={16} /> The service answers (checked{" "}
        {formatAge(status.checkedAt, Date.now())}).
      </span>
    );
  }
  if (!ready) return <>Not checked: an address and a key are needed first.</>;
  return null;
}

export function ServiceSection({ view }: { view: SettingsView }) {
  const [status, setStatus] = useState<ServiceStatus | null>(null);
  const check = useAction(() => server.checkService());
  const { baseUrl, key } = view;
  const ready = baseUrl.value !== null && key !== null;

  const runCheck = async () => {
    const outcome = await check.run();
    if (outcome.ok) setStatus(outcome.value);
  };

  // Checking is free, so Settings asks as soon as there is an address and a key, and again when they change.
  useEffect(() => {
    setStatus(null);
    if (ready) void runCheck();
  }, [ready, baseUrl.value, key?.masked, key?.source]);

  return (
    <Section id="service" title="Service">
      {baseUrl.value ? (
        <p class="field-value">
          <code class="wrap">{baseUrl.value}</code>
          <span class="hint">
            {" "}
            from the {baseUrl.source} {baseUrl.property}
          </span>
        </p>
      ) : (
        <Banner tone="warning" title="No service address">
          {baseUrl.problem}
        </Banner>
      )}
      <div class="row">
        <p class="status" role="status" aria-live="polite">
          <StatusLine busy={check.busy} status={status} ready={ready} />
        </p>
        <Button busy={check.busy} onClick={runCheck}>
          Check
        </Button>
      </div>
      {status && !status.ok && (
        <Banner tone="error" title="The service did not answer as expected">
          {status.message}
        </Banner>
      )}
      {check.error && (
        <Banner tone="error" title="The check did not run" onDismiss={check.clearError}>
          {check.error}
        </Banner>
      )}
    </Section>
  );
}
