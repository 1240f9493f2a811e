// The Signals tab's empty state: the signal feed and the priority digest.
import { EmptyState } from "../components/empty-state";

export function SignalsScreen() {
  return (
    <div class="screen-body">
      <EmptyState icon="signals" title="Signals">
        <p>
          Sales-relevant events for your organizations (new hires, technology mentions, key projects) imported
          into a sheet, and the priority digest where you mark each item relevant or not.
        </p>
        <p>Signals cost up to 1 credit each; the estimate comes first.</p>
      </EmptyState>
    </div>
  );
}
