// Support and data-quality reports (spec §4.9; fields from the real service, notes §7). Both free.
import * as z from "zod/mini";
import { maybe, onDemand } from "./common";
import { LIMITS } from "./limits";

const Message = onDemand(() =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "message must not be empty."),
      z.maxLength(
        LIMITS.supportMessageMax,
        `message must be at most ${LIMITS.supportMessageMax} characters.`,
      ),
    ),
);
const url = () =>
  maybe(
    z
      .string()
      .check(z.maxLength(LIMITS.supportUrlMax, `url must be at most ${LIMITS.supportUrlMax} characters.`)),
  );

export const SupportRequest = onDemand(() => z.strictObject({ message: Message, url: url() }));
export type SupportRequest = z.infer<typeof SupportRequest>;

export const DataQualityRequest = onDemand(() =>
  z.strictObject({
    message: Message,
    url: url(),
    page_title: maybe(
      z
        .string()
        .check(
          z.maxLength(
            LIMITS.supportPageTitleMax,
            `page_title must be at most ${LIMITS.supportPageTitleMax} characters.`,
          ),
        ),
    ),
  }),
);
export type DataQualityRequest = z.infer<typeof DataQualityRequest>;

export const SupportResponse = onDemand(() => z.object({ message: z.string() }));
export type SupportResponse = z.infer<typeof SupportResponse>;
