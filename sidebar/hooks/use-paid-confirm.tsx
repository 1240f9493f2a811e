// Every paid action asks first, however small, with its price: a dialog that names what it does and the
// most it can cost. The person may let actions under a small amount run without asking again.
import { useRef, useState } from "preact/hooks";
import { server } from "../bridge";
import { ConfirmDialog } from "../components/confirm-dialog";
import { formatCredits } from "../lib/format";

/** The amount a person can choose to stop being asked under, from the dialog itself. */
export const QUIET_UNDER = 25;

// Read once per sidebar: it changes only when the person ticks the box below.
let askUnder: Promise<number> | null = null;

function readAskUnder(): Promise<number> {
  askUnder ??= server.getAskUnder().catch(() => 0);
  return askUnder;
}

interface Question extends Asked {
  answer: (yes: boolean) => void;
}

export interface Asked {
  title: string;
  /** What the action does, in a sentence or two. */
  detail: string;
  /** The most it can cost, or the least when the answer decides (then `price` says so). */
  upTo: number;
  /** The price line, when "Up to N credits" would not be true (a read priced by what comes back). */
  price?: string;
  confirmLabel?: string;
}

export interface PaidConfirm {
  /** Resolves true when the action may go ahead (asked and confirmed, or under the person's limit). */
  ask(question: Asked): Promise<boolean>;
  dialog: preact.JSX.Element | null;
}

export function usePaidConfirm(): PaidConfirm {
  const [question, setQuestion] = useState<Question | null>(null);
  const [quiet, setQuiet] = useState(false);
  const pending = useRef<Question | null>(null);

  const ask = async (asked: Asked): Promise<boolean> => {
    if (asked.upTo <= 0 && asked.price === undefined) return true;
    if (asked.price === undefined && asked.upTo < (await readAskUnder())) return true;
    return new Promise((resolve) => {
      const next = { ...asked, answer: resolve };
      pending.current = next;
      setQuiet(false);
      setQuestion(next);
    });
  };

  const close = (yes: boolean) => {
    const current = pending.current;
    pending.current = null;
    setQuestion(null);
    if (yes && quiet) {
      askUnder = Promise.resolve(QUIET_UNDER);
      void server.saveAskUnder(QUIET_UNDER).catch(() => undefined);
    }
    current?.answer(yes);
  };

  const dialog = question ? (
    <ConfirmDialog
      title={question.title}
      confirmLabel={question.confirmLabel ?? `Spend up to ${formatCredits(question.upTo)}`}
      onConfirm={() => close(true)}
      onCancel={() => close(false)}
    >
      <p>{question.detail}</p>
      <p>{question.price ?? `Up to ${formatCredits(question.upTo)}.`}</p>
      {question.price === undefined && question.upTo < QUIET_UNDER && (
        <label class="check">
          <input
            type="checkbox"
            checked={quiet}
            onChange={(event) => setQuiet(event.currentTarget.checked)}
          />
          <span>Don't ask again for actions under {formatCredits(QUIET_UNDER)}</span>
        </label>
      )}
    </ConfirmDialog>
  ) : null;

  return { ask, dialog };
}
