// Enrich ▸ Identifiers: what the selected column holds (organizations or job titles) and "Use selection",
// which reads it on the server: "A2:A501 · 500 rows · 480 unique · 3 blank", header skipped; or, with
// "Include rows added later", "A2:A (new rows included) · 500 rows now · …" for a run and refresh that grow.
import { useEffect } from "preact/hooks";
import { server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { Section } from "../../components/section";
import { Segmented } from "../../components/segmented";
import { useAction } from "../../hooks/use-action";
import type { EnrichSelection } from "../../lib/enrich-types";

export type ColumnKind = EnrichSelection["kind"];

const KINDS = [
  { value: "organizations", label: "Organizations" },
  { value: "titles", label: "Job titles" },
] as const;

export function IdentifiersSection({
  kind,
  onKind,
  selection,
  onSelection,
  openEnded,
  onOpenEnded,
  readAtOnce = false,
  onReadAtOnce,
}: {
  kind: ColumnKind;
  onKind: (kind: ColumnKind) => void;
  selection: EnrichSelection | null;
  onSelection: (selection: EnrichSelection | null) => void;
  /** Whether the run names the open-ended range ("A1:A"), so its refresh covers rows appended later. */
  openEnded: boolean;
  onOpenEnded: (openEnded: boolean) => void;
  /** Read the selection as soon as the section shows (the menu's Enrich selection…). */
  readAtOnce?: boolean;
  onReadAtOnce?: () => void;
}) {
  const read = useAction((k: ColumnKind) => server.describeSelection(k));

  const use = async (k: ColumnKind) => {
    const outcome = await read.run(k);
    onSelection(outcome.ok ? outcome.value : null);
  };

  useEffect(() => {
    if (!readAtOnce) return;
    onReadAtOnce?.();
    void use(kind);
  }, [readAtOnce]);

  const switchKind = (next: ColumnKind) => {
    onKind(next);
    // The same cells read as the other kind: counts and header differ, so they are read again.
    if (selection) void use(next);
  };

  // Job titles are mapped once, never refreshed: only organizations read an open-ended range.
  const open = openEnded && kind === "organizations";

  return (
    <Section id="identifiers" title="Identifiers">
      <Segmented
        name="column-kind"
        label="The column holds"
        segments={KINDS}
        value={kind}
        onChange={switchKind}
      />
      <div class="row">
        <Button busy={read.busy} onClick={() => use(kind)} describedBy="selection-summary">
          Use selection
        </Button>
        <p id="selection-summary" class="status" role="status" aria-live="polite">
          {selection
            ? `${selection.sheetName}!${open ? selection.openSummary : selection.summary}`
            : kind === "organizations"
              ? "Select domains, e-mails, names or ids."
              : "Select a column of job titles."}
        </p>
      </div>
      {selection && kind === "organizations" && (
        <label class="check">
          <input
            type="checkbox"
            checked={openEnded}
            onChange={(event) => onOpenEnded(event.currentTarget.checked)}
          />
          <span>Include rows added later (a scheduled refresh enriches them too)</span>
        </label>
      )}
      {selection?.header && <p class="hint">Header “{selection.header}” skipped.</p>}
      {read.error && (
        <Banner tone="error" title="Selection not read" onDismiss={read.clearError}>
          {read.error}
        </Banner>
      )}
    </Section>
  );
}
