// The Lists tab: organization lists and contact lists, each browsed, imported and filled from the sheet.
import { useState } from "preact/hooks";
import { ViewPanel, ViewSwitch } from "../components/view-switch";
import { ContactListsView } from "./lists/contact-lists";
import { OrganizationListsView } from "./lists/organization-lists";

type ListsView = "organizations" | "contacts";

const VIEWS = [
  { value: "organizations", label: "Organization lists" },
  { value: "contacts", label: "Contact lists" },
] as const;

export function ListsScreen() {
  const [view, setView] = useState<ListsView>("organizations");
  const top = (
    <ViewSwitch id="lists-view" label="Kind of list" options={VIEWS} current={view} onSelect={setView} />
  );
  return (
    <ViewPanel id="lists-view" current={view}>
      {view === "organizations" ? <OrganizationListsView top={top} /> : <ContactListsView top={top} />}
    </ViewPanel>
  );
}
