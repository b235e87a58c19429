/**
 * The `<dyad-explore-chat-history>` card: rendered by the wrapper tool, parsed by the web app and
 * the CLI (plan § User Experience, Key States; DESIGN.md § Card). One grammar:
 *
 * ```
 * <dyad-explore-chat-history state="pending" query="…" phase="reading" searches="2" reads="1"
 *   discussions="1" observations="5"></dyad-explore-chat-history>
 * <dyad-explore-chat-history state="complete" query="…" chats="3" evidence="6"
 *   confidence="high">{escaped report JSON}</dyad-explore-chat-history>
 * <dyad-explore-chat-history state="failed" query="…" error-kind="provider"
 *   error-message="…"></dyad-explore-chat-history>
 * <dyad-explore-chat-history state="cancelled" query="…"></dyad-explore-chat-history>
 * ```
 *
 * Every attribute value and the body are XML-escaped (`& < > " '`), so archival text inside the
 * report can never close the tag or inject markup. Pending cards carry phase and counts only.
 */
import { EXPLORE_PHASES, type ExplorePhase, type ExploreProgress } from "./progress.js";
import { type ExploreChatHistoryReport, exploreChatHistoryReportSchema } from "./report-schema.js";

/** The tag name, fixed by the plan. */
export const CARD_TAG = "dyad-explore-chat-history";

/** Every card state (plan § Key States). Terminal report states come from {@link cardStateForReport}. */
export const CARD_STATES = [
  "pending",
  "complete",
  "no_match",
  "partial",
  "conflict",
  "low_confidence",
  "cancelled",
  "failed",
  "evidence_only",
] as const;
export type CardState = (typeof CARD_STATES)[number];

/** States whose card carries a report body. */
export type ReportCardState = Exclude<CardState, "pending" | "cancelled" | "failed">;

/** A card, as rendered or parsed. `query` is the question the person (or primary agent) asked. */
export type ExploreCard =
  | { readonly state: "pending"; readonly query: string; readonly progress: ExploreProgress }
  | { readonly state: "cancelled"; readonly query: string }
  | {
      readonly state: "failed";
      readonly query: string;
      readonly error: { readonly kind: string; readonly message: string };
    }
  | {
      readonly state: ReportCardState;
      readonly query: string;
      readonly report: ExploreChatHistoryReport;
    };

/**
 * The headline state for a finished report, most urgent first: evidence-only fallback, no match,
 * partial coverage, conflict, low confidence, else complete. Only `complete` may collapse.
 */
export function cardStateForReport(report: ExploreChatHistoryReport): ReportCardState {
  if (report.evidence_only) return "evidence_only";
  if (report.outcome === "no_match") return "no_match";
  if (report.outcome === "partial") return "partial";
  if (report.conflicts.length > 0) return "conflict";
  if (report.confidence === "low") return "low_confidence";
  return "complete";
}

/** Distinct cited chats and evidence targets of a report (the collapsed header's counts). */
export function reportCounts(report: ExploreChatHistoryReport): {
  chats: number;
  evidence: number;
} {
  const chats = new Set<number>();
  const messages = new Set<number>();
  for (const group of [...report.findings, ...report.conflicts]) {
    for (const target of group.evidence) {
      chats.add(target.chat_id);
      messages.add(target.message_id);
    }
  }
  return { chats: chats.size, evidence: messages.size };
}

/** Escapes text for an XML attribute value or element body. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Reverses {@link escapeXml} (plus `&apos;`); other entities are left as written. */
export function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

function attributes(values: Record<string, string | number>): string {
  return Object.entries(values)
    .map(([name, value]) => ` ${name}="${escapeXml(String(value))}"`)
    .join("");
}

/** Renders a card as escaped XML. Pure; the same card always renders to the same string. */
export function renderCard(card: ExploreCard): string {
  const base = { state: card.state, query: card.query };
  switch (card.state) {
    case "pending": {
      const { phase, searches, reads, discussions, observations } = card.progress;
      const attrs = attributes({ ...base, phase, searches, reads, discussions, observations });
      return `<${CARD_TAG}${attrs}></${CARD_TAG}>`;
    }
    case "cancelled":
      return `<${CARD_TAG}${attributes(base)}></${CARD_TAG}>`;
    case "failed": {
      const attrs = attributes({
        ...base,
        "error-kind": card.error.kind,
        "error-message": card.error.message,
      });
      return `<${CARD_TAG}${attrs}></${CARD_TAG}>`;
    }
    default: {
      const counts = reportCounts(card.report);
      const attrs = attributes({ ...base, ...counts, confidence: card.report.confidence });
      return `<${CARD_TAG}${attrs}>${escapeXml(JSON.stringify(card.report))}</${CARD_TAG}>`;
    }
  }
}

const CARD_PATTERN = new RegExp(
  `<${CARD_TAG}((?:\\s+[a-z-]+="[^"]*")*)\\s*>([^<]*)</${CARD_TAG}>`,
  "g",
);
const ATTRIBUTE_PATTERN = /([a-z-]+)="([^"]*)"/g;

function readAttributes(source: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE_PATTERN)) {
    map.set(match[1] ?? "", unescapeXml(match[2] ?? ""));
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

function parseReport(body: string): ExploreChatHistoryReport | null {
  let json: unknown;
  try {
    json = JSON.parse(unescapeXml(body));
  } catch {
    return null; // a malformed body is treated like an unknown card, never half-rendered
  }
  const parsed = exploreChatHistoryReportSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

function toCard(attrSource: string, body: string): ExploreCard | null {
  const attrs = readAttributes(attrSource);
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
  const report = parseReport(body);
  return report ? { state, query, report } : null;
}

/**
 * Finds every well-formed card in `text` (e.g. a streamed assistant message), in order. Cards
 * with an unknown state, bad counts or a body that fails the report schema are skipped.
 */
export function parseCards(text: string): ExploreCard[] {
  const cards: ExploreCard[] = [];
  for (const match of text.matchAll(CARD_PATTERN)) {
    const card = toCard(match[1] ?? "", match[2] ?? "");
    if (card) cards.push(card);
  }
  return cards;
}

/** Parses the first card in `text`, or null when there is none (see {@link parseCards}). */
export function parseCard(text: string): ExploreCard | null {
  return parseCards(text)[0] ?? null;
}
