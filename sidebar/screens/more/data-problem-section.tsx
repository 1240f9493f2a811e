// Report a data problem (free): prefilled from the selected row (its organization or person id and what
// it shows), sent to the data team, confirmed with the service's reply.
import { useState } from "preact/hooks";
import { server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { useAction } from "../../hooks/use-action";
import type { SupportContext } from "../../lib/more-types";
import { reportDraft, reportSubject } from "../../lib/support-draft";

export function DataProblemSection() {
  const [context, setContext] = useState<SupportContext | null>(null);
  const [message, setMessage] = useState("");
  const [url, setUrl] = useState("");
  const [reply, setReply] = useState<string | null>(null);
  const read = useAction(() => server.getSupportContext());
  const send = useAction(() =>
    server.sendDataQualityReport({
      message,
      ...(url.trim() ? { url: url.trim() } : {}),
      ...(context ? { pageTitle: `${context.sheetName} row ${context.row}` } : {}),
    }),
  );
  const useRow = async () => {
    const outcome = await read.run();
    if (!outcome.ok) return;
    setContext(outcome.value);
    setMessage(reportDraft(outcome.value));
    setUrl(outcome.value.url ?? "");
  };
  const onSend = async (event: Event) => {
    event.preventDefault();
    setReply(null);
    const outcome = await send.run();
    if (outcome.ok) setReply(outcome.value.reply);
  };
  return (
    <form class="stack" onSubmit={onSend}>
      <div class="row">
        <p class="status" id="data-problem-about">
          {context ? `About ${reportSubject(context)}.` : "Select the row with the wrong data, then use it."}
        </p>
        <Button busy={read.busy} onClick={useRow} describedBy="data-problem-about">
          Use selected row
        </Button>
      </div>
      <label class="label" for="data-problem-message">
        What is wrong
      </label>
      <textarea
        id="data-problem-message"
        class="input textarea"
        rows={7}
        value={message}
        onInput={(event) => setMessage(event.currentTarget.value)}
      />
      <label class="label" for="data-problem-url">
        Link to the record (optional)
      </label>
      <input
        id="data-problem-url"
        class="input"
        type="url"
        value={url}
        onInput={(event) => setUrl(event.currentTarget.value)}
      />
      <p class="hint">Free. The data team replies to your account's e-mail.</p>
      <div class="row">
        <Button type="submit" busy={send.busy} disabled={message.trim() === ""}>
          Send report
        </Button>
      </div>
      {(read.error ?? send.error) && (
        <Banner
          tone="error"
          title="Report not sent"
          onDismiss={() => {
            read.clearError();
            send.clearError();
          }}
        >
          {read.error ?? send.error}
        </Banner>
      )}
      {reply && (
        <Banner tone="success" title="Report sent" onDismiss={() => setReply(null)}>
          {reply}
        </Banner>
      )}
    </form>
  );
}
