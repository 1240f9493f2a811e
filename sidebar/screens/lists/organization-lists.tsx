// Organization lists: read them (1 credit per list, deleted ones on request), act on each one, and
// create a list from the selected column at the bottom.
import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { EmptyState } from "../../components/empty-state";
import { ScreenFooter } from "../../components/screen-footer";
import { SelectionField } from "../../components/selection-field";
import { Spinner } from "../../components/spinner";
import { useAction } from "../../hooks/use-action";
import { usePaidConfirm } from "../../hooks/use-paid-confirm";
import { formatCredits } from "../../lib/format";
import { spentLine } from "../../lib/more-format";
import { usePrices } from "../../lib/more-prices";
import { organizationListsStore } from "../../lib/more-stores";
import type { OrganizationListView, SelectionView } from "../../lib/more-types";
import { listMatches, matchCredits, matchLine } from "../../lib/organization-match";
import { useStore } from "../../lib/session-store";
import { useSidebar } from "../../state";
import { ListsLoadLine } from "./lists-load-line";
import { OrganizationListRow } from "./organization-list-row";

export function OrganizationListsView({ top }: { top: ComponentChildren }) {
  const { credits } = useSidebar();
  const prices = usePrices();
  const [stored, setStored] = useStore(organizationListsStore);
  const [open, setOpen] = useState<number | null>(null);
  // Lists added to since they were read: their count is at most the one shown (some may have been members).
  const [atMost, setAtMost] = useState<number[]>([]);
  const [status, setStatus] = useState<string | null>(null);
  // Checked at once; the lists follow when the (paid) read comes back, or the box goes back if it fails.
  const [showDeleted, setShowDeleted] = useState(stored?.includeDeleted ?? false);
  const [name, setName] = useState("");
  const [selection, setSelection] = useState<SelectionView | null>(null);
  const load = useAction((includeDeleted: boolean) => server.getOrganizationLists({ includeDeleted }));
  const confirm = usePaidConfirm();
  const create = useAction(() =>
    server.createOrganizationList({
      name,
      ...(selection ? { selection: { sheetName: selection.sheetName, range: selection.range } } : {}),
    }),
  );

  const read = async (includeDeleted: boolean) => {
    setStatus(null);
    setShowDeleted(includeDeleted);
    const outcome = await load.run(includeDeleted);
    if (!outcome.ok) {
      setShowDeleted(stored?.includeDeleted ?? false);
      return;
    }
    setStored({ view: outcome.value, includeDeleted });
    setAtMost([]);
    credits.set(outcome.value.credits);
    setStatus(`Lists read. ${spentLine(outcome.value.creditsUsed, outcome.value.credits.remaining)}.`);
  };

  // Reading the lists again is paid by the list: asked first, with what it will cost.
  const readWithDeleted = async (includeDeleted: boolean) => {
    const shown = stored?.view.lists.length ?? 0;
    const price = prices?.listItem ?? 1;
    const go = await confirm.ask({
      title: includeDeleted ? "Show deleted lists?" : "Hide deleted lists?",
      detail: includeDeleted
        ? "Reads your organization lists again, deleted ones included."
        : "Reads your organization lists again, without the deleted ones.",
      upTo: shown * price,
      price: includeDeleted
        ? `About ${formatCredits(shown * price)} for the ${shown} lists read last time, plus ${formatCredits(price)} for each deleted list.`
        : `At most ${formatCredits(shown * price)}: ${formatCredits(price)} per list.`,
      confirmLabel: "Read the lists",
    });
    if (go) await read(includeDeleted);
  };

  const added = (list: OrganizationListView, organizations: number) => {
    if (organizations === 0) return;
    const count = list.count + organizations;
    update({ ...list, count, importCredits: prices ? count * prices.listItem : list.importCredits });
    setAtMost((ids) => (ids.includes(list.id) ? ids : [...ids, list.id]));
  };

  const update = (list: OrganizationListView) => {
    if (!stored) return;
    const lists = stored.view.lists.map((l) => (l.id === list.id ? list : l));
    setStored({ ...stored, view: { ...stored.view, lists } });
  };

  const toMatch = listMatches(selection);
  const matchPrice = prices?.organizationMatch ?? 1;
  const createEstimate =
    toMatch > 0
      ? `Creating a list and adding to it are free. ${matchLine(toMatch, matchPrice, "ids and slugs are free")}`
      : "Creating a list and adding to it are free.";

  const onCreate = async (event?: Event) => {
    event?.preventDefault();
    setStatus(null);
    if (toMatch > 0) {
      const go = await confirm.ask({
        title: `Create "${name.trim()}" from the selection?`,
        detail: `Adds the selected organizations to a new list. ${matchLine(toMatch, matchPrice, "ids and slugs are free")}`,
        upTo: matchCredits(toMatch, matchPrice),
      });
      if (!go) return;
    }
    const outcome = await create.run();
    // Matching domains and names may have spent, even when the list was not made.
    if (toMatch > 0) credits.refresh();
    if (!outcome.ok) return;
    const { list, report } = outcome.value;
    if (stored) setStored({ ...stored, view: { ...stored.view, lists: [...stored.view.lists, list] } });
    setName("");
    setOpen(list.id);
    setStatus(`List "${list.name}" created. ${report ? report.message : "It is empty."}`);
  };

  const lists = stored?.view.lists.filter((l) => stored.includeDeleted || !l.deleted) ?? [];
  return (
    <>
      <div class="screen-body">
        {top}
        {!stored && !load.busy && (
          <EmptyState icon="lists" title="Your organization lists">
            <p>Import a list into a sheet, add the selected rows to it, rename, delete or restore it.</p>
          </EmptyState>
        )}
        <ListsLoadLine
          id="org-lists"
          loaded={stored !== null}
          count={stored?.view.lists.length ?? null}
          busy={load.busy}
          onLoad={() => read(stored?.includeDeleted ?? false)}
          noun="list"
          what="your organization lists"
          kind="organization"
        />
        {stored && (
          <label class="check">
            <input
              type="checkbox"
              checked={showDeleted}
              disabled={load.busy}
              onChange={(event) => void readWithDeleted(event.currentTarget.checked)}
            />
            <span>
              Show deleted lists
              <span class="hint block">Reads the lists again, deleted ones included.</span>
            </span>
          </label>
        )}
        {load.busy && (
          <p class="loading" role="status">
            <Spinner /> Reading your lists…
          </p>
        )}
        {load.error && (
          <Banner tone="error" title="Lists not read" onDismiss={load.clearError}>
            {load.error}
          </Banner>
        )}
        {stored && lists.length === 0 && <p class="hint">No lists yet: create one from a selection below.</p>}
        {lists.length > 0 && (
          <ul class="item-list" aria-label="Organization lists">
            {lists.map((list) => (
              <OrganizationListRow
                key={list.id}
                list={list}
                open={open === list.id}
                onToggle={() => setOpen(open === list.id ? null : list.id)}
                atMost={atMost.includes(list.id)}
                onChange={update}
                onAdded={(organizations) => added(list, organizations)}
                onCounted={(counted) => {
                  update(counted);
                  setAtMost((ids) => ids.filter((id) => id !== counted.id));
                }}
                onStatus={setStatus}
              />
            ))}
          </ul>
        )}
        <p class="status" role="status" aria-live="polite">
          {status}
        </p>
        <form id="create-list-form" class="section stack" onSubmit={onCreate}>
          <h3 class="section-title">Create a list from the selection</h3>
          <label class="label" for="new-list-name">
            List name
          </label>
          <input
            id="new-list-name"
            class="input"
            value={name}
            maxLength={200}
            onInput={(event) => setName(event.currentTarget.value)}
          />
          <SelectionField
            id="new-list-selection"
            label="Organizations"
            hint="A column of organization ids, slugs, domains, web addresses, e-mails or names. Rows that are not added are marked in a new column beside it."
            value={selection}
            onChange={setSelection}
          />
          {create.error && (
            <Banner tone="error" title="List not created" onDismiss={create.clearError}>
              {create.error}
            </Banner>
          )}
        </form>
      </div>
      <ScreenFooter estimateId="create-list-estimate" estimate={createEstimate}>
        <Button
          kind="primary"
          busy={create.busy}
          disabled={name.trim() === ""}
          describedBy="create-list-estimate"
          onClick={() => onCreate()}
        >
          {selection
            ? `Create list from ${selection.rows === 1 ? "1 row" : `${selection.rows} rows`}`
            : "Create empty list"}
        </Button>
      </ScreenFooter>
      {confirm.dialog}
    </>
  );
}
