// Settings ▸ API key: the key in effect (masked), a field to save a new one, and removing your own.
import { useState } from "preact/hooks";
import { server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { Section } from "../../components/section";
import { useAction } from "../../hooks/use-action";
import type { KeyView } from "../../lib/server-types";
import { useSidebar } from "../../state";

function KeyStatus({ current }: { current: KeyView | null }) {
  if (!current) return <p class="field-value">No key yet.</p>;
  if (current.source === "user") {
    return (
      <p class="field-value">
        Your key: <code>{current.masked}</code>
      </p>
    );
  }
  return (
    <p class="field-value">
      Team key: <code>{current.masked}</code>, set by the script's admin. A key you save here is used instead,
      for you alone.
    </p>
  );
}

export function KeySection({ current }: { current: KeyView | null }) {
  const { settings, credits } = useSidebar();
  const [text, setText] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const save = useAction((key: string) => server.saveApiKey(key));
  const remove = useAction(() => server.clearApiKey());

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    setDone(null);
    remove.clearError();
    const outcome = await save.run(text);
    if (!outcome.ok) return;
    setText("");
    settings.update({ key: outcome.value });
    setDone(`Key saved. It is shown only masked from now on: ${outcome.value.masked}.`);
    credits.refresh();
  };

  const onRemove = async () => {
    setDone(null);
    save.clearError();
    const outcome = await remove.run();
    if (!outcome.ok) return;
    settings.update({ key: outcome.value });
    setDone(outcome.value ? "Your key was removed; the team key is used now." : "Your key was removed.");
  };

  return (
    <Section id="key" title="API key">
      <KeyStatus current={current} />
      <form class="stack" onSubmit={onSubmit}>
        <label class="label" for="api-key">
          {current ? "Replace the key" : "Paste your API key"}
        </label>
        <input
          id="api-key"
          class="input"
          type="password"
          autoComplete="off"
          spellcheck={false}
          value={text}
          aria-describedby="api-key-hint"
          onInput={(event) => setText(event.currentTarget.value)}
        />
        <p id="api-key-hint" class="hint">
          Checked with a free call before it is saved, then kept in your own user properties.
        </p>
        <div class="row">
          <Button kind="primary" type="submit" busy={save.busy} disabled={remove.busy}>
            Save key
          </Button>
          {current?.source === "user" && (
            <Button kind="text" busy={remove.busy} disabled={save.busy} onClick={onRemove}>
              Remove my key
            </Button>
          )}
        </div>
      </form>
      {save.error && (
        <Banner tone="error" title="Key not saved" onDismiss={save.clearError}>
          {save.error}
        </Banner>
      )}
      {remove.error && (
        <Banner tone="error" title="Key not removed" onDismiss={remove.clearError}>
          {remove.error}
        </Banner>
      )}
      <p class="status" role="status" aria-live="polite">
        {done}
      </p>
    </Section>
  );
}
