// The Lists tab's empty state: saved organization and contact lists.
import { EmptyState } from "../components/empty-state";

export function ListsScreen() {
  return (
    <div class="screen-body">
      <EmptyState icon="lists" title="Organization and contact lists">
        <p>
          Your saved lists from the service: import one into a sheet, add the selected rows to it, rename or
          delete it, and choose which lists feed your signals. Lists synced from a CRM are read-only.
        </p>
      </EmptyState>
    </div>
  );
}
