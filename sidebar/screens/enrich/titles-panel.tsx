// Enrich ▸ job titles: what mapping a column of titles adds and costs, and what the last mapping did.
import { Banner } from "../../components/banner";
import { Section } from "../../components/section";
import type { TitleEstimate, TitleMappingResult } from "../../lib/enrich-types";

export function TitlesPanel({
  estimate,
  result,
  lookupPerCredit,
}: {
  estimate: TitleEstimate | null;
  result: TitleMappingResult | null;
  lookupPerCredit: number;
}) {
  return (
    <Section id="titles" title="Job function and level">
      <p class="hint">
        Fills the Job function and Job level columns the sheet already has, or adds them beside the titles
        (when those columns are empty) or after the last used column. Nothing typed is changed. Each distinct
        title is looked up once: 1 credit per {lookupPerCredit} recognised titles; titles looked up before
        (here or by JOB_FUNCTION formulas) are free.
      </p>
      {estimate && !result && <p class="hint">{estimate.placement}</p>}
      {result && (
        <Banner tone="success" title="Titles mapped" landing>
          {result.message}
        </Banner>
      )}
    </Section>
  );
}
