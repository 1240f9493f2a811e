// The line that reads saved lists, with their price said first. The service takes no limit for this read,
// so how many lists come back is known only by reading: the bound is the count the last read found (in
// this sidebar, or an earlier one with the same key), plus a credit per list added since; it always asks.
import { Button } from "../../components/button";
import { usePaidConfirm } from "../../hooks/use-paid-confirm";
import { countOf } from "../../lib/more-format";
import { usePrices } from "../../lib/more-prices";
import { LISTS_READ } from "../../lib/paid-words";

export function ListsLoadLine({
  id,
  loaded,
  count,
  busy,
  onLoad,
  noun,
  what,
  kind,
}: {
  id: string;
  loaded: boolean;
  count: number | null;
  busy: boolean;
  onLoad: () => void;
  noun: string;
  /** What is read, for the question: "your organization lists". */
  what: string;
  kind: "organization" | "contact";
}) {
  const prices = usePrices();
  const confirm = usePaidConfirm();
  const again = loaded && count !== null;
  const before = again ? count : (prices?.listsReadBefore[kind] ?? null);
  const cost =
    prices === null
      ? "Reading lists costs credits."
      : before === null
        ? LISTS_READ.never(prices.listItem, noun)
        : LISTS_READ.known(before, prices.listItem, noun);
  const onRead = async () => {
    if (prices === null) return;
    const go = await confirm.ask({
      title: again ? `Read ${what} again?` : `Read ${what}?`,
      detail: `Reads ${what} from the service.`,
      upTo: (before ?? 1) * prices.listItem,
      price: cost,
      confirmLabel: "Read the lists",
    });
    if (go) onLoad();
  };
  return (
    <div class="row">
      <p id={`${id}-cost`} class="status">
        {again ? `${countOf(count, noun)}. ` : ""}
        {cost}
      </p>
      <Button busy={busy} disabled={prices === null} onClick={onRead} describedBy={`${id}-cost`}>
        {loaded ? "Read again" : "Read lists"}
      </Button>
      {confirm.dialog}
    </div>
  );
}
