/**
 * `word` (lower-case) with the marks on its Latin letters removed, as the index's tokenizer
 * (`unicode61 remove_diacritics 2`) folds them: "änderng" → "anderng", "sécurtié" → "securtie".
 * Letters that are no marked Latin letter (ß, ł, ø, Greek, Cyrillic) are kept, so a word holding
 * one stays uncorrectable. Pure.
 */
export function foldDiacritics(word: string): string {
  return word.normalize("NFD").replace(/(?<=[a-z])\p{M}+/gu, "");
}
