// One contact list: import its people into a new sheet (its price on the button), add the selected column
// of person ids to it (reported as added and already on the list), and where to rename or delete it: the
// service's API has no endpoint for either, so the row says so and links to the list in its web app.
import { useState } from "preact/hooks";
import { server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { RowActions } from "../../components/row-actions";
import { SelectionField } from "../../components/selection-field";
import { ServiceLink } from "../../components/service-link";
import { useAction } from "../../hooks/use-action";
import { usePaidConfirm } from "../../hooks/use-paid-confirm";
import { formatCredits } from "../../lib/format";
import { countOf, spentLine } from "../../lib/more-format";
import type { ContactListView, SelectionView } from "../../lib/more-types";
import { useSidebar } from "../../state";

export function ContactListRow({
  list,
  open,
  onToggle,
  onAdded,
  onStatus,
}: {
  list: ContactListView;
  open: boolean;
  onToggle: () => void;
  /** People the service says it added (not those already on the list), so the row's count follows. */
  onAdded: (people: number) => void;
  onStatus: (message: string) => void;
}) {
  const { credits } = useSidebar();
  const confirm = usePaidConfirm();
  const [selection, setSelection] = useState<SelectionView | null>(null);
  const id = `contact-list-${list.id}`;
  const importList = useAction(() => server.importContactList({ listId: list.id }));
  const add = useAction((chosen: SelectionView) =>
    server.addSelectionToContactList({
      listId: list.id,
      selection: { sheetName: chosen.sheetName, range: chosen.range },
    }),
  );

  const onImport = async () => {
    const go = await confirm.ask({
      title: `Import "${list.name}" to a new sheet?`,
      detail: `Writes the list's people, with their contact details, to a new sheet: ${countOf(list.count, "person", "people")} as counted when the lists were read.`,
      upTo: list.importCredits,
    });
    if (!go) return;
    const outcome = await importList.run();
    if (!outcome.ok) return;
    credits.set(outcome.value.credits);
    onStatus(
      `${outcome.value.message} ${spentLine(outcome.value.creditsUsed, outcome.value.credits.remaining)}.`,
    );
  };
  const onAdd = async () => {
    if (!selection) return;
    const outcome = await add.run(selection);
    if (!outcome.ok) return;
    onAdded(outcome.value.added);
    onStatus(`"${list.name}": ${outcome.value.message}`);
  };

  return (
    <RowActions
      id={id}
      title={list.name}
      details={countOf(list.count, "person", "people")}
      open={open}
      onToggle={onToggle}
    >
      <div class="action-stack">
        <Button busy={importList.busy} onClick={onImport}>
          Import to new sheet · {formatCredits(list.importCredits)}
        </Button>
        <SelectionField
          id={`${id}-selection`}
          label="Add the selected column"
          hint="A column of person ids. Free."
          value={selection}
          onChange={setSelection}
        />
        <Button busy={add.busy} disabled={!selection} onClick={onAdd}>
          {selection ? `Add ${countOf(selection.ids, "person id")}` : "Add selection"}
        </Button>
        <p id={`${id}-manage`} class="hint">
          Contact lists are renamed and deleted in the service's web app; the add-on cannot do either.{" "}
          <ServiceLink href={list.url}>Open "{list.name}" in the web app</ServiceLink>
        </p>
        {(importList.error ?? add.error) && (
          <Banner
            tone="error"
            title="Not done"
            onDismiss={() => {
              importList.clearError();
              add.clearError();
            }}
          >
            {importList.error ?? add.error}
          </Banner>
        )}
        {confirm.dialog}
      </div>
    </RowActions>
  );
}
