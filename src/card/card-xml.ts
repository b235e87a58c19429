/**
 * The persisted form of a card: the XML element an assistant message stores (plan § User
 * Experience; DESIGN.md § Card). Only two places touch it: the server renders a finished turn's
 * cards into the message it stores ({@link renderCardXml}), and {@link parseCardXml} reads stored
 * or imported messages back (through `segment-message.ts`). Everything else passes
 * {@link HistoryCard} values.
 *
 * ```
 * <dyad-explore-chat-history state="pending" query="…" phase="reading" searches="2" reads="1"
 *   discussions="1" observations="5"></dyad-explore-chat-history>
 * <dyad-explore-chat-history state="complete" query="…" chats="3" evidence="6"
 *   confidence="high">{escaped report JSON}</dyad-explore-chat-history>
 * <dyad-explore-chat-history state="failed" query="…" error-kind="provider"
 *   error-message="…"></dyad-explore-chat-history>
 * <dyad-explore-chat-history state="cancelled" query="…"></dyad-explore-chat-history>
 * <dyad-search-chats state="pending" query="…"></dyad-search-chats>
 * <dyad-search-chats state="done" query="…" chats="3" index-status="ready" truncated="false">{result JSON}</dyad-search-chats>
 * <dyad-search-chats state="failed" query="…" error-kind="…"></dyad-search-chats>
 * <dyad-read-chat state="pending" chat-id="12"></dyad-read-chat>
 * <dyad-read-chat state="done" chat-id="12" title="…" messages="5" truncated="false">{result JSON}</dyad-read-chat>
 * <dyad-read-chat state="failed" chat-id="12" error-kind="not_found"></dyad-read-chat>
 * ```
 *
 * Every attribute value and the body are XML-escaped (`& < > " '`), so archival text inside a
 * card can never close the tag or inject markup.
 */

import { CARD_STATES, type CardState, type ExploreCard, reportCounts } from "./explore-card.js";
import { EXPLORE_PHASES, type ExplorePhase } from "./explore-progress.js";
import type { HistoryCard } from "./history-card.js";
import {
  READ_CHAT_TAG,
  type ReadChatCard,
  SEARCH_CHATS_TAG,
  type SearchChatsCard,
  shownReadResultSchema,
  shownSearchResultSchema,
} from "./legacy-cards.js";
import { exploreChatHistoryReportSchema } from "./report-schema.js";
import { escapeXml, unescapeEntities } from "./xml-escape.js";

/** The explorer card's tag name, fixed by the plan. */
export const CARD_TAG = "dyad-explore-chat-history";

/** The three card tags, as a stored message may contain them. */
export const CARD_TAGS = [CARD_TAG, SEARCH_CHATS_TAG, READ_CHAT_TAG] as const;
export type CardTag = (typeof CARD_TAGS)[number];

type AttributeValue = string | number | boolean;

function element(tag: CardTag, attributes: Record<string, AttributeValue>, body = ""): string {
  const rendered = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeXml(String(value))}"`)
    .join("");
  return `<${tag}${rendered}>${escapeXml(body)}</${tag}>`;
}

function renderExplore(card: ExploreCard): string {
  const base = { state: card.state, query: card.query };
  switch (card.state) {
    case "pending":
      return element(CARD_TAG, { ...base, ...card.progress });
    case "cancelled":
      return element(CARD_TAG, base);
    case "failed":
      return element(CARD_TAG, {
        ...base,
        "error-kind": card.error.kind,
        "error-message": card.error.message,
      });
    default: {
      const counts = reportCounts(card.report);
      const attributes = { ...base, ...counts, confidence: card.report.confidence };
      return element(CARD_TAG, attributes, JSON.stringify(card.report));
    }
  }
}

function renderSearch(card: SearchChatsCard): string {
  switch (card.state) {
    case "pending":
      return element(SEARCH_CHATS_TAG, { state: "pending", query: card.query });
    case "failed":
      return element(SEARCH_CHATS_TAG, {
        state: "failed",
        query: card.query,
        "error-kind": card.errorKind,
      });
    case "archived":
      return element(SEARCH_CHATS_TAG, { query: card.query }, card.text);
    case "done":
      return element(
        SEARCH_CHATS_TAG,
        {
          state: "done",
          query: card.result.query,
          chats: card.result.chats.length,
          "index-status": card.result.index_status ?? "ready",
          truncated: card.result.truncated ?? false,
        },
        JSON.stringify(card.result),
      );
  }
}

function renderRead(card: ReadChatCard): string {
  switch (card.state) {
    case "pending":
      return element(READ_CHAT_TAG, { state: "pending", "chat-id": card.chatId });
    case "failed":
      return element(READ_CHAT_TAG, {
        state: "failed",
        "chat-id": card.chatId,
        "error-kind": card.errorKind,
      });
    case "archived":
      return element(
        READ_CHAT_TAG,
        {
          ...(card.chatId === null ? {} : { "chat-id": card.chatId }),
          ...(card.title === null ? {} : { title: card.title }),
        },
        card.text,
      );
    case "done":
      return element(
        READ_CHAT_TAG,
        {
          state: "done",
          "chat-id": card.result.chat_id,
          title: card.result.chat_title ?? "",
          messages: card.result.messages.length,
          truncated: card.result.truncated ?? false,
        },
        JSON.stringify(card.result),
      );
  }
}

/** Renders a card as the escaped XML a stored message holds. Pure and deterministic. */
export function renderCardXml(card: HistoryCard): string {
  switch (card.kind) {
    case "explore":
      return renderExplore(card.card);
    case "search_chats":
      return renderSearch(card.card);
    case "read_chat":
      return renderRead(card.card);
  }
}

const EXPLORE_ATTRIBUTE_PATTERN = /([a-z-]+)="([^"]*)"/g;
const EXPLORE_ELEMENT_PATTERN = new RegExp(
  `^<${CARD_TAG}((?:\\s+[a-z-]+="[^"]*")*)\\s*>([^<]*)</${CARD_TAG}>$`,
);
const LENIENT_ATTRIBUTE_PATTERN = /([A-Za-z_:-]+)\s*=\s*"([^"]*)"/g;

function readAttributes(source: string, pattern: RegExp): Map<string, string> {
  const map = new Map<string, string>();
  for (const match of source.matchAll(pattern)) {
    map.set(match[1] ?? "", unescapeEntities(match[2] ?? ""));
  }
  return map;
}

function count(attrs: Map<string, string>, name: string): number | null {
  const raw = attrs.get(name);
  if (raw === undefined || !/^[0-9]{1,9}$/.test(raw)) return null;
  return Number(raw);
}

function isCardState(value: string | undefined): value is CardState {
  return (CARD_STATES as readonly string[]).includes(value ?? "");
}

function isPhase(value: string | undefined): value is ExplorePhase {
  return (EXPLORE_PHASES as readonly string[]).includes(value ?? "");
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // not JSON: a malformed report is dropped, a legacy free-text body stays text
  }
}

/** The explorer card in `source` (one whole element), or null when it is not well-formed. */
function parseExplore(source: string): ExploreCard | null {
  const element = EXPLORE_ELEMENT_PATTERN.exec(source);
  if (!element) return null;
  const attrs = readAttributes(element[1] ?? "", EXPLORE_ATTRIBUTE_PATTERN);
  const state = attrs.get("state");
  const query = attrs.get("query") ?? "";
  if (!isCardState(state)) return null;
  if (state === "pending") {
    const phase = attrs.get("phase");
    const searches = count(attrs, "searches");
    const reads = count(attrs, "reads");
    const discussions = count(attrs, "discussions");
    const observations = count(attrs, "observations");
    if (!isPhase(phase) || searches === null || reads === null) return null;
    if (discussions === null || observations === null) return null;
    return { state, query, progress: { phase, searches, reads, discussions, observations } };
  }
  if (state === "cancelled") return { state, query };
  if (state === "failed") {
    const kind = attrs.get("error-kind") ?? "internal";
    return { state, query, error: { kind, message: attrs.get("error-message") ?? "" } };
  }
  const report = exploreChatHistoryReportSchema.safeParse(
    parseJson(unescapeEntities(element[2] ?? "")),
  );
  return report.success ? { state, query, report: report.data } : null;
}

function chatIdOf(attrs: Map<string, string>): number | null {
  const raw = attrs.get("chat-id") ?? attrs.get("chat_id") ?? attrs.get("chatId") ?? "";
  return /^[1-9][0-9]{0,15}$/.test(raw) ? Number(raw) : null;
}

/**
 * A legacy card from its attributes and unescaped body. An empty-bodied pending or failed card is
 * that state; a body in the shape of a result is `done`; any other body (older exports wrote free
 * text) is `archived` text.
 */
function parseLegacy(tag: CardTag, attrs: Map<string, string>, body: string): HistoryCard {
  const state = attrs.get("state");
  const errorKind = attrs.get("error-kind") ?? "internal";
  const text = body.trim();
  if (tag === SEARCH_CHATS_TAG) {
    const query = attrs.get("query") ?? "";
    if (text === "" && state === "pending") {
      return { kind: "search_chats", card: { state: "pending", query } };
    }
    if (text === "" && state === "failed") {
      return { kind: "search_chats", card: { state: "failed", query, errorKind } };
    }
    const result = shownSearchResultSchema.safeParse(parseJson(text));
    if (result.success) {
      const shown = { ...result.data, query: result.data.query || query };
      return { kind: "search_chats", card: { state: "done", result: shown } };
    }
    return { kind: "search_chats", card: { state: "archived", query, text } };
  }
  const chatId = chatIdOf(attrs);
  if (text === "" && chatId !== null && state === "pending") {
    return { kind: "read_chat", card: { state: "pending", chatId } };
  }
  if (text === "" && chatId !== null && state === "failed") {
    return { kind: "read_chat", card: { state: "failed", chatId, errorKind } };
  }
  const result = shownReadResultSchema.safeParse(parseJson(text));
  if (result.success) return { kind: "read_chat", card: { state: "done", result: result.data } };
  const title = attrs.get("title") || null;
  return { kind: "read_chat", card: { state: "archived", chatId, title, text } };
}

/**
 * Reads one stored card element back into a value. `source` is the whole element, `tag` its name,
 * `attributeSource` the text between the tag name and `>`, `body` the raw (escaped) body. An
 * explorer card that fails its schema (unknown state, bad counts, a body that is not a valid
 * report) is null: it is dropped rather than half-rendered. Legacy cards always read back.
 */
export function parseCardXml(
  source: string,
  tag: CardTag,
  attributeSource: string,
  body: string,
): HistoryCard | null {
  if (tag === CARD_TAG) {
    const card = parseExplore(source);
    return card ? { kind: "explore", card } : null;
  }
  return parseLegacy(
    tag,
    readAttributes(attributeSource, LENIENT_ATTRIBUTE_PATTERN),
    unescapeEntities(body),
  );
}
