import { unescapeEntities } from "../../card/xml-escape.js";
import type { MessageRole, NotEvidenceKind } from "../types.js";
import { storesEscapedText } from "./escaped-sources.js";
import { normalizeWhitespace, PLACEHOLDER_CHARS, truncateChars } from "./normalize-text.js";
import { removePrivateSpans } from "./private-spans.js";
import { type HistoryToolReply, statementsOf } from "./recall-request.js";
import { redactCredentials } from "./redact-credentials.js";
import { stripBlocks } from "./strip-blocks.js";
import { stripTags } from "./strip-tags.js";

/**
 * Longest projection, chars (UTF-16 code units). Long enough for the prose of a long assistant
 * answer once code, tool payloads and thinking are gone (read shows at most 2,400 chars a
 * message, DESIGN.md § Retrieval primitives; search excerpts 300), short enough that one pasted
 * log or document cannot dominate the index size or bm25's length normalization.
 */
export const MAX_PROJECTION_CHARS = 8_000;

/**
 * Longest input processed, chars. Beyond it the message is cut before projecting so the work per
 * message stays bounded (a multi-megabyte paste costs the same as 400,000 chars); the result is
 * then flagged truncated.
 */
export const MAX_PROJECTION_INPUT_CHARS = 400_000;

/** A stored message as the projection sees it. `ai_messages_json` is deliberately not part of it. */
export interface ProjectionInput {
  /**
   * `chats.source` of the message's chat (an import format's name, `web`, `demo`…): whether its
   * text is entity-escaped and so decoded ({@link storesEscapedText}).
   */
  readonly source: string;
  readonly role: MessageRole;
  readonly content: string;
  /**
   * Set when the message right after this one in its chat is an assistant turn that carries a
   * history-tool card ({@link carriesHistoryCard}): what that reply records of the request
   * (`historyToolReply` of `reply-content.ts`). Only callers that read the next message know it;
   * others leave it out (null).
   */
  readonly answeredByHistoryTool?: HistoryToolReply | null;
  /**
   * The message is a fixed reply Recollect itself wrote (`messages.is_recollect_reply`, migration
   * 009: the offline router's "Noted.", help, greeting or notices). Default false.
   */
  readonly recollectReply?: boolean;
}

/** The searchable text of a message: ≤ {@link MAX_PROJECTION_CHARS} chars, credentials redacted. */
export interface Projection {
  /** What the index holds of the message; "" when {@link Projection.notEvidence} is set. */
  readonly text: string;
  /** The input or the output was cut at its bound. */
  readonly truncated: boolean;
  /** Why the message is never evidence (and so holds no searchable text), or null when it may be. */
  readonly notEvidence: NotEvidenceKind | null;
}

const INLINE_CODE = /`[^`\n]{1,500}`/g;

const LABEL_LINE = /^\[[^\]\n]{1,400}\]$/;

/**
 * Drops a label line equal to the previous label when only blank lines separate them: Cursor's
 * SpecStory exports emit every tool call twice (FORMATS.md § 1.3).
 */
function collapseRepeatedLabels(text: string): string {
  let previousLabel: string | null = null;
  const kept: string[] = [];
  for (const line of text.split("\n")) {
    const trimmed = line.trim();
    if (trimmed === "") {
      kept.push(line);
      continue;
    }
    const isLabel = LABEL_LINE.test(trimmed);
    if (isLabel && trimmed === previousLabel) continue;
    previousLabel = isLabel ? trimmed : null;
    kept.push(line);
  }
  return kept.join("\n");
}

/** The opening tag of a history-tool card (explorer, search or read) in an assistant turn. */
const HISTORY_CARD_OPEN = /<(?:dyad-explore-chat-history|dyad-search-chats|dyad-read-chat)[\s/>]/;

/**
 * The marker an importer puts on the first reply to a prompt that a history tool answered only
 * after the agent's other steps (`recallRequestMarker` in `src/importers/recollect-tool-calls.ts`):
 * a history card for the prompt's reply ({@link carriesHistoryCard}, with its `query`), removed
 * from the assistant turn itself, whose own words stay evidence.
 */
const RECALL_REQUEST_MARKER =
  /<dyad-explore-chat-history state="requested-in-transcript"(?: query="[^"]*")?><\/dyad-explore-chat-history>(?:\n\n)?/g;

/**
 * What a read shows for an assistant turn that called a history tool (its projection is empty:
 * `notEvidence` `history_answer`). Such a turn's prose restates recalled history under today's
 * date; indexed or read again, it would come back as a newer "decision" and could even reverse the
 * real one (DESIGN.md § Lessons: never index explorer output again). No word of it is indexed.
 */
export const HISTORY_ANSWER_LABEL = "[answer recalled from earlier chats: not indexed again]";

/**
 * True when `content` (an assistant turn's stored text) carries a history-tool card: the
 * explorer's, search's or read's XML element. Such a turn is never evidence (`history_answer`), nor
 * is the user turn it answers when nothing but the request is left of it (`history_question`).
 */
export function carriesHistoryCard(content: string): boolean {
  return HISTORY_CARD_OPEN.test(content);
}

/** Markup that one removal pass can uncover for the next (a fence left at a line start, a tag). */
const UNCOVERED_MARKUP = /```|~~~|</;

/**
 * Runs the assistant-only removals until nothing changes (≤ 3 passes): removing a stray tag can
 * bring a fence to a line start (`</think>```` → ```` ``` ````), and the projection must be stable
 * when projected again. Later passes run only when such markup is left, so prose costs one pass.
 */
function stripAssistantMarkup(content: string): string {
  let text = stripAssistantMarkupOnce(content);
  for (let pass = 1; pass < 3 && UNCOVERED_MARKUP.test(text); pass += 1) {
    const next = stripAssistantMarkupOnce(text);
    if (next === text) break;
    text = next;
  }
  return text;
}

/** One removal pass; inline code spans are shielded from the generic tag pass. */
function stripAssistantMarkupOnce(content: string): string {
  const withoutKnownTags = stripTags(content.replace(PLACEHOLDER_CHARS, ""), "known");
  const withoutBlocks = stripBlocks(withoutKnownTags);
  const spans: string[] = [];
  const shielded = withoutBlocks.replace(INLINE_CODE, (span) => {
    spans.push(span);
    return `\uE000${spans.length - 1}\uE001`;
  });
  const withoutTags = stripTags(shielded, "all");
  const restored = withoutTags.replace(/\uE000(\d+)\uE001/g, (_match, index: string) => {
    return spans[Number(index)] ?? "";
  });
  return collapseRepeatedLabels(restored);
}

/** A projection with no searchable text: the message is never evidence, for `reason`. */
function notEvidence(reason: NotEvidenceKind): Projection {
  return { text: "", truncated: false, notEvidence: reason };
}

/**
 * Projects one stored message to its searchable text (DESIGN.md § Vocabulary, "projection";
 * issue #2 item 3). User text is kept; assistant text loses model thinking, fenced code, file
 * bodies, diffs, SEARCH/REPLACE blocks, tool payloads and recursive history-tool output, and any
 * tag fails closed to a `[label: allowed attrs]` line. Three kinds of turn are never evidence and
 * project to "" with `notEvidence` set, so not one of their words (nor a label's) is indexed or
 * learned by spelling correction: an assistant turn that carries a history-tool card
 * (`history_answer`), a user turn answered by one ({@link ProjectionInput.answeredByHistoryTool})
 * once its statements (`statementsOf`) are gone (`history_question`: a question put to Recollect
 * is not evidence of a decision, a decision stated beside it is and stays), and a fixed reply
 * Recollect wrote ({@link ProjectionInput.recollectReply}, `recollect_reply`). What a read shows of
 * them is `readView`'s business. First, for both roles, `<private>` spans are removed, their tags
 * typed or entity-escaped ({@link removePrivateSpans}). Last, for both roles: entities are decoded
 * only for a source that escapes its text ({@link storesEscapedText}: SpecStory), then private
 * spans removed again (a doubly escaped tag decodes to an escaped one); elsewhere `&lt;b&gt;` is
 * kept as written. Then credentials are redacted ({@link redactCredentials}), whitespace
 * normalized, and the text cut to {@link MAX_PROJECTION_CHARS}. Pure, never throws, linear in the
 * input length.
 */
export function projectMessage(input: ProjectionInput): Projection {
  const own =
    input.role === "assistant" ? input.content.replace(RECALL_REQUEST_MARKER, "") : input.content;
  if (input.role === "assistant" && carriesHistoryCard(own)) {
    return notEvidence("history_answer");
  }
  if (input.recollectReply === true) return notEvidence("recollect_reply");
  const inputTruncated = own.length > MAX_PROJECTION_INPUT_CHARS;
  const content = inputTruncated ? own.slice(0, MAX_PROJECTION_INPUT_CHARS) : own;
  let visible = removePrivateSpans(content);
  if (input.role === "user" && input.answeredByHistoryTool) {
    visible = statementsOf(visible, input.answeredByHistoryTool);
    if (normalizeWhitespace(visible) === "") return notEvidence("history_question");
  }
  const stripped = input.role === "assistant" ? stripAssistantMarkup(visible) : visible;
  // Spans again after decoding: a tag escaped twice (`&amp;lt;private&amp;gt;`) decodes to an
  // escaped one, which must not stay visible text either (fail closed).
  const decoded = storesEscapedText(input.source)
    ? removePrivateSpans(unescapeEntities(stripped))
    : stripped;
  const text = normalizeWhitespace(redactCredentials(decoded));
  const cut = truncateChars(text, MAX_PROJECTION_CHARS);
  return { text: cut.text, truncated: cut.truncated || inputTruncated, notEvidence: null };
}
