import { scopeTokens } from "../indexer/build-index-row.js";
import { runBigrams } from "../text/cjk.js";
import type { QueryTerms } from "./extract-terms.js";

/** Quotes one term as an FTS5 string: the only place query text enters FTS5 syntax. */
export function quoteFtsString(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}

/** Inputs of {@link buildFtsMatch}. */
export interface FtsMatchInput {
  readonly terms: QueryTerms;
  readonly appId: number;
  /** The caller's chat, excluded inside MATCH; null excludes nothing. */
  readonly excludeChatId: number | null;
  /** Adds the whole word sequence as one extra OR-ed phrase (the phrase bonus). Default true. */
  readonly phraseBonus?: boolean;
  /** The words of the phrase bonus when they differ from `terms.words` (frequent words pruned). */
  readonly phraseWords?: readonly string[];
}

/**
 * Builds the FTS5 MATCH expression, or null when there is nothing to search:
 * `(scope:"app7" AND ({title body}:("a" OR "b" OR "a b") OR cjk:("认证 证方"))) NOT scope:"chat3"`.
 * Every word is a quoted string, CJK runs become phrases of bigrams (a one-character run a bigram
 * prefix), and only ids the host chose are unquoted structure. The optional whole-phrase element
 * scores again where the words appear together, which is the phrase bonus. Pure.
 */
export function buildFtsMatch(input: FtsMatchInput): string | null {
  const { words, cjkRuns } = input.terms;
  const wordTerms = words.map(quoteFtsString);
  if ((input.phraseBonus ?? true) && words.length > 1)
    wordTerms.push(quoteFtsString(words.join(" ")));
  const cjkTerms = cjkRuns.map((run) => {
    const grams = runBigrams(run);
    return grams.length === 1 && Array.from(run).length === 1
      ? `${quoteFtsString(run)}*`
      : quoteFtsString(grams.join(" "));
  });
  const parts: string[] = [];
  if (wordTerms.length > 0) parts.push(`{title body}:(${wordTerms.join(" OR ")})`);
  if (cjkTerms.length > 0) parts.push(`cjk:(${cjkTerms.join(" OR ")})`);
  if (parts.length === 0) return null;
  const [appToken, chatToken] = scopeTokens(input.appId, input.excludeChatId ?? 0).split(" ");
  const scoped = `(scope:${quoteFtsString(appToken ?? "")} AND (${parts.join(" OR ")}))`;
  return input.excludeChatId === null
    ? scoped
    : `${scoped} NOT scope:${quoteFtsString(chatToken ?? "")}`;
}
