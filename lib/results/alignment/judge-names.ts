/**
 * Judges' names as uploaded: cleaned (lib/kernel/unicode-text.ts cleanName), and refused when a reader could not tell them from a
 * name already on the board (issue 48: fullwidth letters, a trailing zero-width space or Cyrillic look-alikes beside
 * "TripScore reward (adopted weights)"). Kept apart from lib/kernel/unicode-text.ts so the confusables table stays out of pages.
 */
import { remove as removeConfusables } from "confusables";
import { cleanName, nameKey } from "../../kernel";

/**
 * Two names share this key when a reader could not tell them apart: cleaned, each confusable character mapped to the
 * Latin one it imitates (Unicode's confusables as the `confusables` package lists them: Cyrillic "о" is "o"), then
 * compared as nameKey compares (case, spaces and punctuation aside).
 */
export function confusableKey(name: string): string {
  return nameKey(removeConfusables(cleanName(name)));
}

/** The existing name `name` would be confused with (not itself), if any. */
export function confusedWith(name: string, existing: Iterable<string>): string | null {
  const key = confusableKey(name);
  for (const e of existing) if (e !== name && confusableKey(e) === key) return e;
  return null;
}
