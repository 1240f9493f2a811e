// Contact support (free): a message to the service's support, confirmed with its reply.
import { useState } from "preact/hooks";
import { server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { useAction } from "../../hooks/use-action";

export function SupportSection() {
  const [message, setMessage] = useState("");
  const [reply, setReply] = useState<string | null>(null);
  const send = useAction(() => server.sendSupportRequest({ message }));
  const onSend = async (event: Event) => {
    event.preventDefault();
    setReply(null);
    const outcome = await send.run();
    if (!outcome.ok) return;
    setReply(outcome.value.reply);
    setMessage("");
  };
  return (
    <form class="stack" onSubmit={onSend}>
      <label class="label" for="support-message">
        Your message
      </label>
      <textarea
        id="support-message"
        class="input textarea"
        rows={5}
        value={message}
        onInput={(event) => setMessage(event.currentTarget.value)}
      />
      <p class="hint">Free. Support replies to your account's e-mail.</p>
      <div class="row">
        <Button type="submit" busy={send.busy} disabled={message.trim() === ""}>
          Send to support
        </Button>
      </div>
      {send.error && (
        <Banner tone="error" title="Message not sent" onDismiss={send.clearError}>
          {send.error}
        </Banner>
      )}
      {reply && (
        <Banner tone="success" title="Message sent" onDismiss={() => setReply(null)}>
          {reply}
        </Banner>
      )}
    </form>
  );
}
