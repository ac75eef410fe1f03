/** Names compare without case, spaces, punctuation or symbols (accents and CJK are kept). */
export function nameKey(name: string): string {
  return name.toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, "");
}

/**
 * Text the database can store and every reader can decode: no NUL character and no unpaired surrogate (JSON's
 * `\u` escapes can carry both). For zod: `z.string().refine(storableText, STORABLE_TEXT)`.
 */
export function storableText(s: string): boolean {
  return !s.includes("\u0000") && !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
}
export const STORABLE_TEXT = { message: "holds a NUL character or an unpaired surrogate (not valid Unicode text)" };

/**
 * A name as it is stored: Unicode NFKC (fullwidth "Ｔ" is "T"), invisible characters gone (zero-width spaces and
 * joiners, bidirectional controls, soft hyphens: every default-ignorable code point), runs of spaces one space, trimmed.
 */
export function cleanName(name: string): string {
  return name
    .normalize("NFKC")
    .replace(/\p{Default_Ignorable_Code_Point}/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}
