// Enrich ▸ Identifiers: what the selected column holds (organizations or job titles) and "Use selection",
// which reads it on the server: "A2:A501 · 500 rows · 480 unique · 3 blank", header skipped.
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
  readAtOnce = false,
  onReadAtOnce,
}: {
  kind: ColumnKind;
  onKind: (kind: ColumnKind) => void;
  selection: EnrichSelection | null;
  onSelection: (selection: EnrichSelection | null) => void;
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
            ? `${selection.sheetName}!${selection.summary}`
            : kind === "organizations"
              ? "Select domains, e-mails, names or ids."
              : "Select a column of job titles."}
        </p>
      </div>
      {selection?.header && <p class="hint">Header “{selection.header}” skipped.</p>}
      {read.error && (
        <Banner tone="error" title="Selection not read" onDismiss={read.clearError}>
          {read.error}
        </Banner>
      )}
    </Section>
  );
}
