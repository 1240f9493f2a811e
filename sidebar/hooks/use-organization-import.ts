// One paid import about a single organization (the first id of the selected column) into a new sheet:
// the selection, the call, the balance it reports and the line saying what it spent.
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

export function useOrganizationImport(call: (organizationId: number) => Promise<OrganizationImportResult>) {
  const { credits } = useSidebar();
  const [selection, setSelection] = useState<SelectionView | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const run = useAction(call);
  const id = selection?.firstId ?? null;
  const onImport = async () => {
    if (id === null) return;
    setStatus(null);
    const outcome = await run.run(id);
    if (!outcome.ok) return;
    credits.set(outcome.value.credits);
    setStatus(
      `${outcome.value.message} ${spentLine(outcome.value.creditsUsed, outcome.value.credits.remaining)}.`,
    );
  };
  return { selection, setSelection, id, run, status, onImport };
}
