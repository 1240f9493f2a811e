// Settings ▸ Formulas: the spend guard (kill switch, daily cap) and the cache lifetime of this spreadsheet.
import { useState } from "preact/hooks";
import { server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { Section } from "../../components/section";
import { useAction } from "../../hooks/use-action";
import { lifetimeOptions } from "../../lib/cache-lifetime";
import { todaySince } from "../../lib/credits-chip";
import { capToText, textToCap } from "../../lib/daily-cap";
import { formatCredits, formatNumber } from "../../lib/format";
import type { SettingsView } from "../../lib/server-types";
import { useSidebar } from "../../state";

/**
 * Apps Script's daily UrlFetch allowance: a quiet line, a warning from 80%, before formulas stop. The count
 * is this account's, kept by every execution that sends (formulas, runs, the sidebar; every spreadsheet),
 * over 24 hours from its first request: the line says so, and since when.
 */
function FetchAllowanceNote({ fetches }: { fetches: SettingsView["fetches"] }) {
  const since = fetches.sinceText;
  const counted = `${formatNumber(fetches.used)} of the ${formatNumber(fetches.limit)} Apps Script allows this account in 24 hours (formulas, runs and the sidebar, in every spreadsheet)`;
  const text = since
    ? `Requests to the service since ${since}: ${counted}; the count starts again 24 hours after that.`
    : `Requests to the service: none in the last 24 hours; Apps Script allows this account ${formatNumber(fetches.limit)}.`;
  if (!fetches.warn) return <p class="hint">{text}</p>;
  return (
    <Banner tone="warning" title="Close to today's limit of service calls">
      {text} Past it, formulas and the sidebar cannot fetch until then.
    </Banner>
  );
}

export function FormulaSection({ view }: { view: SettingsView }) {
  const { settings } = useSidebar();
  const [killSwitch, setKillSwitch] = useState(view.formula.killSwitch);
  const [capText, setCapText] = useState(capToText(view.formula.dailyCap));
  const [lifetime, setLifetime] = useState(view.formula.cacheLifetimeSeconds);
  const [done, setDone] = useState<string | null>(null);
  // When cached results were last cleared is kept by the server, not sent from the form.
  const save = useAction((next: Parameters<typeof server.saveFormulaSettings>[0]) =>
    server.saveFormulaSettings(next),
  );

  // The browser's own number check (min 0, whole numbers) stops a bad cap before this runs.
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    setDone(null);
    const outcome = await save.run({
      killSwitch,
      dailyCap: textToCap(capText),
      cacheLifetimeSeconds: lifetime,
    });
    if (!outcome.ok) return;
    settings.update({ formula: outcome.value });
    setDone("Formula settings saved for this spreadsheet.");
  };

  return (
    <Section id="formulas" title="Formulas in this spreadsheet">
      <form class="stack" onSubmit={onSubmit}>
        <label class="check">
          <input
            type="checkbox"
            checked={killSwitch}
            onChange={(event) => setKillSwitch(event.currentTarget.checked)}
          />
          <span>
            Pause paid formulas
            <span class="hint block">
              Formulas show a message instead of spending. Cached results still show.
            </span>
          </span>
        </label>
        <label class="label" for="daily-cap">
          Daily credit cap
        </label>
        <input
          id="daily-cap"
          class="input"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          placeholder="No cap"
          value={capText}
          aria-describedby="daily-cap-hint"
          onInput={(event) => setCapText(event.currentTarget.value)}
        />
        <p id="daily-cap-hint" class="hint">
          Leave empty for no cap. Spent by formulas in this spreadsheet today ({todaySince(view.zone)}):{" "}
          {formatCredits(view.spentToday)}.
        </p>
        <FetchAllowanceNote fetches={view.fetches} />
        <label class="label" for="cache-lifetime">
          Keep formula results for
        </label>
        <select
          id="cache-lifetime"
          class="input"
          value={String(lifetime)}
          aria-describedby="cache-lifetime-hint"
          onChange={(event) => setLifetime(Number(event.currentTarget.value))}
        >
          {lifetimeOptions(lifetime).map((option) => (
            <option key={option.seconds} value={String(option.seconds)}>
              {option.label}
            </option>
          ))}
        </select>
        <p id="cache-lifetime-hint" class="hint">
          Recalculating within this time sends nothing and spends nothing.
        </p>
        <div class="row">
          <Button type="submit" busy={save.busy}>
            Save formula settings
          </Button>
        </div>
      </form>
      {save.error && (
        <Banner tone="error" title="Formula settings not saved" onDismiss={save.clearError}>
          {save.error}
        </Banner>
      )}
      <p class="status" role="status" aria-live="polite">
        {done}
      </p>
    </Section>
  );
}
