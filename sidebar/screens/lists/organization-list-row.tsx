// One organization list and what can be done with it: import into a new sheet (its price on the button),
// add the selected column, rename, delete or restore, and whether it feeds the signal feed. Group lists
// are CRM territories: read only, so only import is offered.
import { useState } from "preact/hooks";
import { server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { RowActions } from "../../components/row-actions";
import { SelectionField } from "../../components/selection-field";
import { useAction } from "../../hooks/use-action";
import { usePaidConfirm } from "../../hooks/use-paid-confirm";
import { formatCredits } from "../../lib/format";
import { countOf, spentLine } from "../../lib/more-format";
import { usePrices } from "../../lib/more-prices";
import type { OrganizationListView, SelectionView } from "../../lib/more-types";
import { listMatches, matchCredits, matchLine } from "../../lib/organization-match";
import { useSidebar } from "../../state";

function badges(list: OrganizationListView): string[] {
  const out: string[] = [];
  if (list.readOnly) out.push("Read only");
  if (list.deleted) out.push("Deleted");
  if (!list.includeInSignals) out.push("Not in signals");
  return out;
}

export function OrganizationListRow({
  list,
  atMost,
  open,
  onToggle,
  onChange,
  onAdded,
  onCounted,
  onStatus,
}: {
  list: OrganizationListView;
  /** Added to since read: the count is an upper bound. */
  atMost: boolean;
  open: boolean;
  onToggle: () => void;
  onChange: (list: OrganizationListView) => void;
  onAdded: (organizations: number) => void;
  /** An import counted the list exactly. */
  onCounted: (list: OrganizationListView) => void;
  onStatus: (message: string) => void;
}) {
  const { credits } = useSidebar();
  const prices = usePrices();
  const confirm = usePaidConfirm();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(list.name);
  const [selection, setSelection] = useState<SelectionView | null>(null);
  const id = `org-list-${list.id}`;
  const importList = useAction(() => server.importOrganizationList({ listId: list.id }));
  const add = useAction((chosen: SelectionView) =>
    server.addSelectionToOrganizationList({
      listId: list.id,
      listName: list.name,
      selection: { sheetName: chosen.sheetName, range: chosen.range },
    }),
  );
  const rename = useAction(() => server.renameOrganizationList({ listId: list.id, name }));
  const remove = useAction((deleted: boolean) =>
    server.setOrganizationListDeleted({ listId: list.id, deleted }),
  );
  const signals = useAction((include: boolean) =>
    server.setOrganizationListSignals({ listId: list.id, includeInSignals: include }),
  );
  const error = importList.error ?? add.error ?? rename.error ?? remove.error ?? signals.error;
  const clearErrors = () => {
    for (const action of [importList, add, rename, remove, signals]) action.clearError();
  };

  const onImport = async () => {
    const go = await confirm.ask({
      title: `Import "${list.name}" to a new sheet?`,
      detail: `Writes the list's organizations to a new sheet: ${formatCredits(prices?.listItem ?? 1)} per organization, ${countOf(list.count, "organization")} as counted when the lists were read.`,
      upTo: list.importCredits,
    });
    if (!go) return;
    const outcome = await importList.run();
    if (!outcome.ok) return;
    credits.set(outcome.value.credits);
    onCounted({ ...list, count: outcome.value.rows, importCredits: outcome.value.creditsUsed });
    onStatus(
      `${outcome.value.message} ${spentLine(outcome.value.creditsUsed, outcome.value.credits.remaining)}.`,
    );
  };
  const toMatch = listMatches(selection);
  const matchPrice = prices?.organizationMatch ?? 1;
  const onAdd = async () => {
    if (!selection) return;
    if (toMatch > 0) {
      const go = await confirm.ask({
        title: `Add the selection to "${list.name}"?`,
        detail: `Adds the selected organizations to the list. ${matchLine(toMatch, matchPrice, "ids and slugs are free")}`,
        upTo: matchCredits(toMatch, matchPrice),
      });
      if (!go) return;
    }
    const outcome = await add.run(selection);
    // Matching domains and names may have spent, even when nothing was added.
    if (toMatch > 0) credits.refresh();
    if (!outcome.ok) return;
    onAdded(outcome.value.organizationsAdded);
    onStatus(`"${list.name}": ${outcome.value.message}`);
  };
  const onRename = async (event: Event) => {
    event.preventDefault();
    const outcome = await rename.run();
    if (!outcome.ok) return;
    onChange({ ...list, name: outcome.value.name });
    setRenaming(false);
    onStatus(`Renamed to "${outcome.value.name}".`);
  };
  const onDelete = async (deleted: boolean) => {
    const outcome = await remove.run(deleted);
    if (!outcome.ok) return;
    onChange({ ...list, deleted: outcome.value.deleted });
    onStatus(
      outcome.value.deleted
        ? `"${list.name}" deleted. Show deleted lists to restore it.`
        : `"${list.name}" restored.`,
    );
  };
  const onSignals = async (include: boolean) => {
    const outcome = await signals.run(include);
    if (!outcome.ok) return;
    onChange({ ...list, includeInSignals: outcome.value.includeInSignals });
    onStatus(
      outcome.value.includeInSignals
        ? `"${list.name}" feeds the signal feed.`
        : `"${list.name}" is left out of the signal feed.`,
    );
  };

  return (
    <RowActions
      id={id}
      title={list.name}
      details={`${atMost ? "up to " : ""}${countOf(list.count, "organization")}`}
      badges={badges(list)}
      open={open}
      onToggle={onToggle}
    >
      <div class="action-stack">
        <Button busy={importList.busy} onClick={onImport}>
          Import to new sheet · {atMost ? "up to " : ""}
          {formatCredits(list.importCredits)}
        </Button>
        {list.readOnly ? (
          <p class="hint">A territory synced from your CRM: change it in the CRM.</p>
        ) : (
          <>
            {!list.deleted && (
              <>
                <SelectionField
                  id={`${id}-selection`}
                  label="Add the selected column"
                  hint="Organization ids or slugs (free), or domains, web addresses, e-mails or names (matched to ids first); each row's result goes in a new column beside it."
                  value={selection}
                  onChange={setSelection}
                />
                {toMatch > 0 && (
                  <p id={`${id}-add-estimate`} class="estimate">
                    {matchLine(toMatch, matchPrice, "ids and slugs are free")}
                  </p>
                )}
                <Button busy={add.busy} disabled={!selection} onClick={onAdd}>
                  {selection ? `Add ${countOf(selection.rows, "row")}` : "Add selection"}
                </Button>
                {renaming ? (
                  <form class="stack" onSubmit={onRename}>
                    <label class="label" for={`${id}-name`}>
                      New name
                    </label>
                    <input
                      id={`${id}-name`}
                      class="input"
                      value={name}
                      maxLength={200}
                      onInput={(event) => setName(event.currentTarget.value)}
                    />
                    <div class="row">
                      <Button type="submit" busy={rename.busy} disabled={name.trim() === ""}>
                        Save name
                      </Button>
                      <Button kind="text" onClick={() => setRenaming(false)}>
                        Cancel
                      </Button>
                    </div>
                  </form>
                ) : (
                  <Button onClick={() => setRenaming(true)}>Rename…</Button>
                )}
                <label class="check">
                  <input
                    type="checkbox"
                    checked={list.includeInSignals}
                    disabled={signals.busy}
                    onChange={(event) => onSignals(event.currentTarget.checked)}
                  />
                  <span>Include in signals</span>
                </label>
              </>
            )}
            {list.deleted ? (
              <Button busy={remove.busy} onClick={() => onDelete(false)}>
                Restore
              </Button>
            ) : (
              list.deletable && (
                <Button busy={remove.busy} onClick={() => onDelete(true)}>
                  Delete
                </Button>
              )
            )}
          </>
        )}
        {error && (
          <Banner tone="error" title="Not done" onDismiss={clearErrors}>
            {error}
          </Banner>
        )}
      </div>
      {confirm.dialog}
    </RowActions>
  );
}
