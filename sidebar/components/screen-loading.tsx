// What a screen shows until its first server call answers: a spinner, or the error with "Try again".
import { Banner } from "./banner";
import { Button } from "./button";
import { Spinner } from "./spinner";

export function ScreenLoading(props: { what: string; error: string | null; onRetry: () => void }) {
  return (
    <div class="screen-body">
      {props.error ? (
        <Banner
          tone="error"
          title={`The ${props.what} could not load`}
          action={<Button onClick={props.onRetry}>Try again</Button>}
        >
          {props.error}
        </Banner>
      ) : (
        <p class="loading" role="status">
          <Spinner /> Loading…
        </p>
      )}
    </div>
  );
}
