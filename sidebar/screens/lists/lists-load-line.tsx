// The line that reads saved lists, with their price said first: "Read lists · 1 credit per list", then
// "7 lists · Read again (about 7 credits)". The service takes no limit for this read, so how many lists
// come back (and so the price) is not known beforehand: it always asks first, with the price per list.
import { Button } from "../../components/button";
import { usePaidConfirm } from "../../hooks/use-paid-confirm";
import { formatCredits } from "../../lib/format";
import { countOf, perItem } from "../../lib/more-format";
import { usePrices } from "../../lib/more-prices";

export function ListsLoadLine({
  id,
  loaded,
  count,
  busy,
  onLoad,
  noun,
  what,
}: {
  id: string;
  loaded: boolean;
  count: number | null;
  busy: boolean;
  onLoad: () => void;
  noun: string;
  /** What is read, for the question: "your organization lists". */
  what: string;
}) {
  const prices = usePrices();
  const confirm = usePaidConfirm();
  const again = loaded && count !== null;
  const cost =
    prices === null
      ? "Reading lists costs credits."
      : again
        ? `Reading them again costs about ${formatCredits(count * prices.listItem)}: ${perItem(prices.listItem, noun)}, more if lists were added since.`
        : `Reading costs ${perItem(prices.listItem, noun)}; how many there are is known once read.`;
  const onRead = async () => {
    if (prices === null) return;
    const go = await confirm.ask({
      title: again ? `Read ${what} again?` : `Read ${what}?`,
      detail: `Reads ${what} from the service.`,
      upTo: again ? count * prices.listItem : prices.listItem,
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
