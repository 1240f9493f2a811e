// Checks the text of an API key pasted into Settings before anything is sent or stored.
import { formatCount } from "../../api/words/format";

/** Real keys are a few dozen characters; anything far longer is a paste that caught more than the key. */
export const API_KEY_MAX_LENGTH = 256;

const WHERE_KEYS_ARE = "Copy it again from the API keys page of the service's web app";

export const KEY_TEXT_MESSAGES = {
  notText: "The API key must be text.",
  empty: "Paste your API key first: the field is empty.",
  spaces: `An API key has no spaces or line breaks inside. ${WHERE_KEYS_ARE}, without the text around it.`,
  tooLong: (length: number) =>
    `An API key is at most ${API_KEY_MAX_LENGTH} characters, and this one has ${formatCount(length)}. ${WHERE_KEYS_ARE}, without the text around it.`,
  characters: `An API key has only letters, digits and punctuation (no accents, symbols or emoji). ${WHERE_KEYS_ARE}.`,
} as const;

/** The key without surrounding whitespace, or an Error whose message says what is wrong with it. */
export function checkKeyText(input: unknown): string {
  if (typeof input !== "string") throw new Error(KEY_TEXT_MESSAGES.notText);
  const key = input.trim();
  if (!key) throw new Error(KEY_TEXT_MESSAGES.empty);
  if (/\s/.test(key)) throw new Error(KEY_TEXT_MESSAGES.spaces);
  if (key.length > API_KEY_MAX_LENGTH) throw new Error(KEY_TEXT_MESSAGES.tooLong(key.length));
  // The key travels in an HTTP header, where only visible ASCII is safe.
  if (/[^\x21-\x7e]/.test(key)) throw new Error(KEY_TEXT_MESSAGES.characters);
  return key;
}
