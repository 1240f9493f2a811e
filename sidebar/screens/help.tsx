// Short help: how to start, the formulas, how credits are spent, and where the common messages come from.
import { useEffect, useState } from "preact/hooks";
import { server } from "../bridge";
import { PageHeader } from "../components/page-header";
import type { EnrichCatalog } from "../lib/enrich-types";
import { HELP_FORMULAS } from "../lib/help-formulas";

type AttributeOption = EnrichCatalog["attributeGroups"][number]["attributes"][number];

export function HelpScreen({ onBack, backLabel }: { onBack: () => void; backLabel: string }) {
  // The same free catalog the Enrich tab reads: one source for every attribute's header and price.
  const [attributes, setAttributes] = useState<AttributeOption[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    server.getEnrichCatalog().then(
      (catalog) => setAttributes(catalog.attributeGroups.flatMap((g) => g.attributes)),
      () => setFailed(true),
    );
  }, []);
  return (
    <div class="screen-body">
      <PageHeader title="Help" backLabel={backLabel} onBack={onBack} />
      <section class="help-section" aria-labelledby="help-start">
        <h3 id="help-start">Getting started</h3>
        <ol>
          <li>
            Open Settings and paste your API key. It is checked with a free call and kept in your own user
            properties.
          </li>
          <li>Type a formula in a cell, or select a column of domains and use the Enrich tab.</li>
        </ol>
      </section>
      <section class="help-section" aria-labelledby="help-formulas">
        <h3 id="help-formulas">Formulas</h3>
        <dl class="help-formulas">
          {HELP_FORMULAS.map(([formula, meaning]) => (
            <div key={formula}>
              <dt>
                <code>{formula}</code>
              </dt>
              <dd>{meaning}</dd>
            </div>
          ))}
        </dl>
        <p>
          A formula sends one request per 1,000 different identifiers and caches the results, so recalculating
          spends nothing. In a shared spreadsheet, formulas spend the owner's key.
        </p>
      </section>
      <section class="help-section" aria-labelledby="help-attributes">
        <h3 id="help-attributes">Attribute names</h3>
        <p>
          ORG_ATTR takes an attribute by its name or by the header the add-on writes for it, in any case:
          <code>"HQ country"</code> is <code>headquarters_country</code>, so a header row can be the
          attributes range. Those marked + cost a credit each on top of the organization's base price.
        </p>
        {failed && <p>The list could not be loaded; the Enrich tab shows the same attributes.</p>}
        {attributes && (
          <dl class="help-attributes">
            {attributes.map((a) => (
              <div key={a.name}>
                <dt>
                  {a.label}
                  {a.paid ? " +" : ""}
                </dt>
                <dd>
                  <code>{a.name}</code>
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <section class="help-section" aria-labelledby="help-credits">
        <h3 id="help-credits">Credits</h3>
        <p>
          Unmatched organizations are free. Paid attributes and metrics cost credits per organization. The
          chip at the top shows your balance; select it to refresh it for free. Settings holds the formula
          kill switch and a daily cap.
        </p>
      </section>
      <section class="help-section" aria-labelledby="help-trouble">
        <h3 id="help-trouble">When something fails</h3>
        <p>
          Every message says what to do next. "The service address is not set" needs the script property
          API_BASE_URL; "rejected the API key" needs a new key in Settings; "Out of credits" needs a top-up.
        </p>
      </section>
    </div>
  );
}
