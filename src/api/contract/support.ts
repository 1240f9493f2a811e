// Support and data-quality reports (spec §4.9; fields from the real service, notes §7). Both free.
import * as z from "zod/mini";
import { maybe } from "./common";
import { LIMITS } from "./limits";

const Message = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, "message must not be empty."),
    z.maxLength(LIMITS.supportMessageMax, `message must be at most ${LIMITS.supportMessageMax} characters.`),
  );
const Url = maybe(
  z
    .string()
    .check(z.maxLength(LIMITS.supportUrlMax, `url must be at most ${LIMITS.supportUrlMax} characters.`)),
);

export const SupportRequest = z.strictObject({ message: Message, url: Url });
export type SupportRequest = z.infer<typeof SupportRequest>;

export const DataQualityRequest = z.strictObject({
  message: Message,
  url: Url,
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
});
export type DataQualityRequest = z.infer<typeof DataQualityRequest>;

export const SupportResponse = z.object({ message: z.string() });
export type SupportResponse = z.infer<typeof SupportResponse>;
