// Contact lists: read them (1 credit per list), import one into a new sheet, add the selected column of
// person ids to one (its count follows), and create a new one at the bottom.
import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { EmptyState } from "../../components/empty-state";
import { ScreenFooter } from "../../components/screen-footer";
import { Spinner } from "../../components/spinner";
import { useAction } from "../../hooks/use-action";
import { spentLine } from "../../lib/more-format";
import { usePrices } from "../../lib/more-prices";
import { contactListsStore } from "../../lib/more-stores";
import type { ContactListView } from "../../lib/more-types";
import { useStore } from "../../lib/session-store";
import { useSidebar } from "../../state";
import { ContactListRow } from "./contact-list-row";
import { ListsLoadLine } from "./lists-load-line";

export function ContactListsView({ top }: { top: ComponentChildren }) {
  const { credits } = useSidebar();
  const prices = usePrices();
  const [stored, setStored] = useStore(contactListsStore);
  const [open, setOpen] = useState<number | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [name, setName] = useState("");
  const load = useAction(() => server.getContactLists());
  const create = useAction(() => server.createContactList({ name }));

  const read = async () => {
    setStatus(null);
    const outcome = await load.run();
    if (!outcome.ok) return;
    setStored(outcome.value);
    credits.set(outcome.value.credits);
    setStatus(`Lists read. ${spentLine(outcome.value.creditsUsed, outcome.value.credits.remaining)}.`);
  };

  // The service counts what it added apart from who was already on the list, so the new count is exact.
  const added = (list: ContactListView, people: number) => {
    if (!stored || people === 0) return;
    const count = list.count + people;
    const importCredits = prices ? count * prices.listItem : list.importCredits;
    const lists = stored.lists.map((l) => (l.id === list.id ? { ...l, count, importCredits } : l));
    setStored({ ...stored, lists });
  };

  const onCreate = async (event?: Event) => {
    event?.preventDefault();
    setStatus(null);
    const outcome = await create.run();
    if (!outcome.ok) return;
    const list = { ...outcome.value, count: 0, importCredits: 0 };
    if (stored) setStored({ ...stored, lists: [...stored.lists, list] });
    setName("");
    setOpen(list.id);
    setStatus(`Contact list "${list.name}" created.`);
  };

  return (
    <>
      <div class="screen-body">
        {top}
        {!stored && !load.busy && (
          <EmptyState icon="lists" title="Your contact lists">
            <p>
              Import people with their contact details into a sheet, or add a column of person ids to a list.
            </p>
          </EmptyState>
        )}
        <ListsLoadLine
          id="contact-lists"
          loaded={stored !== null}
          count={stored?.lists.length ?? null}
          busy={load.busy}
          onLoad={read}
          noun="list"
          what="your contact lists"
          kind="contact"
        />
        {load.busy && (
          <p class="loading" role="status">
            <Spinner /> Reading your contact lists…
          </p>
        )}
        {load.error && (
          <Banner tone="error" title="Lists not read" onDismiss={load.clearError}>
            {load.error}
          </Banner>
        )}
        {stored && stored.lists.length === 0 && <p class="hint">No contact lists yet: create one below.</p>}
        {stored && stored.lists.length > 0 && (
          <ul class="item-list" aria-label="Contact lists">
            {stored.lists.map((list) => (
              <ContactListRow
                key={list.id}
                list={list}
                open={open === list.id}
                onToggle={() => setOpen(open === list.id ? null : list.id)}
                onAdded={(people) => added(list, people)}
                onStatus={setStatus}
              />
            ))}
          </ul>
        )}
        <p class="status" role="status" aria-live="polite">
          {status}
        </p>
        <form class="section stack" onSubmit={onCreate}>
          <h3 class="section-title">Create a contact list</h3>
          <label class="label" for="new-contact-list-name">
            List name
          </label>
          <input
            id="new-contact-list-name"
            class="input"
            value={name}
            maxLength={200}
            onInput={(event) => setName(event.currentTarget.value)}
          />
          {create.error && (
            <Banner tone="error" title="List not created" onDismiss={create.clearError}>
              {create.error}
            </Banner>
          )}
        </form>
      </div>
      <ScreenFooter
        estimateId="create-contact-list-estimate"
        estimate="Creating a list and adding to it are free."
      >
        <Button
          kind="primary"
          busy={create.busy}
          disabled={name.trim() === ""}
          describedBy="create-contact-list-estimate"
          onClick={() => onCreate()}
        >
          Create contact list
        </Button>
      </ScreenFooter>
    </>
  );
}
