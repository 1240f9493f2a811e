// One paid import about a single organization (the first of the selected column: an id, or a domain, URL,
// e-mail or name matched to its id first) into a new sheet: the selection, the call, the balance it
// reports and the line saying what it spent.
import { useState } from "preact/hooks";
import { spentLine } from "../lib/more-format";
import type { SelectionView } from "../lib/more-types";
import type { CreditsView } from "../lib/server-types";
import { useSidebar } from "../state";
import { useAction } from "./use-action";

export interface OrganizationImportResult {
  message: string;
  creditsUsed: number;
  credits: CreditsView;
}

export function useOrganizationImport(
  call: (organization: number | string) => Promise<OrganizationImportResult>,
) {
  const { credits } = useSidebar();
  const [selection, setSelection] = useState<SelectionView | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const run = useAction(call);
  const first = selection?.firstOrganization ?? null;
  /** How the organization reads in the button: its id, or the domain or name as typed. */
  const named = first === null ? null : (first.id ?? first.text);
  /** Organizations to match before the import: 0 for an id, 1 for anything else. */
  const toMatch = first !== null && first.id === null ? 1 : 0;
  const onImport = async () => {
    if (named === null) return;
    setStatus(null);
    const outcome = await run.run(named);
    // A failed import may still have paid for the match: the chip reads the balance again.
    if (!outcome.ok) {
      if (toMatch > 0) credits.refresh();
      return;
    }
    credits.set(outcome.value.credits);
    setStatus(
      `${outcome.value.message} ${spentLine(outcome.value.creditsUsed, outcome.value.credits.remaining)}.`,
    );
  };
  return { selection, setSelection, named, toMatch, run, status, onImport };
}
