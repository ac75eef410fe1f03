/** Names compare without case, spaces, punctuation or symbols (accents and CJK are kept). */
export function nameKey(name: string): string {
  return name.toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, "");
}
