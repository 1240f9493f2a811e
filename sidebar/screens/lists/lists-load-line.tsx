// The line that reads saved lists, with their price said first: "Read lists · 1 credit per list", then
// "7 lists · Read again (7 credits)".
import { Button } from "../../components/button";
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
}: {
  id: string;
  loaded: boolean;
  count: number | null;
  busy: boolean;
  onLoad: () => void;
  noun: string;
}) {
  const prices = usePrices();
  const cost =
    prices === null
      ? "Reading lists costs credits."
      : loaded && count !== null
        ? `Reading them again costs about ${formatCredits(count * prices.listItem)}.`
        : `Reading costs ${perItem(prices.listItem, noun)}.`;
  return (
    <div class="row">
      <p id={`${id}-cost`} class="status">
        {loaded && count !== null ? `${countOf(count, noun)}. ` : ""}
        {cost}
      </p>
      <Button busy={busy} onClick={onLoad} describedBy={`${id}-cost`}>
        {loaded ? "Read again" : "Read lists"}
      </Button>
    </div>
  );
}
