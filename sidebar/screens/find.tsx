// The Find tab's empty state: filter searches into new sheets.
import { EmptyState } from "../components/empty-state";

export function FindScreen() {
  return (
    <div class="screen-body">
      <EmptyState icon="find" title="Find organizations, people, jobs and teams">
        <p>
          Build a search from technologies, job functions, countries, headcount ranges and hiring period, or
          type a raw query. Results land in a new sheet with a header row and links.
        </p>
        <p>People searches keep running in the background after the sidebar is closed.</p>
      </EmptyState>
    </div>
  );
}
