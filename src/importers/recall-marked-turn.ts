/**
 * The turns of a transcript with what Recollect's history tools did in them, before they are
 * stored (`recollect-tool-calls.ts` says why it matters). Formats that read a turn's tool calls
 * (Codex, Gemini CLI) fill these fields; {@link withRecallMarkers} turns them into the markers the
 * projection reads, the same way Claude Code's importer does.
 */
import type { MessageRole } from "../store/catalog/messages.js";
import { markRecalledTurn, markRecallRequest } from "./recollect-tool-calls.js";
import type { ParsedTurn } from "./text-helpers.js";

/** One prompt or agent message of a transcript, with its Recollect state. */
export interface RecallTurn {
  readonly role: MessageRole;
  readonly content: string;
  readonly timeMs: number | null;
  /** An agent message at or after a Recollect history-tool call: restates recalled history. */
  recalled: boolean;
  /** The question of the turn's first Recollect call, when it had one. */
  query: string | null;
  /**
   * On a person's prompt: a Recollect call answered it only after the agent's other steps (its
   * first reply is the agent's own words), with that call's question (null without one).
   */
  askedRecollect?: { readonly query: string | null };
}

/**
 * `turns` as stored text: a recalled agent message carries the recalled-turn marker; the first
 * reply to a prompt that asked Recollect later in its turn carries the recall-request marker (so
 * the projection reads that prompt as a history question while the reply's own words stay
 * evidence). Pure; the order and count of turns are kept.
 */
export function withRecallMarkers(turns: readonly RecallTurn[]): ParsedTurn[] {
  return turns.map((turn, index) => {
    const before = turns[index - 1];
    let content = turn.content;
    if (turn.recalled) content = markRecalledTurn(turn.content, turn.query);
    else if (turn.role === "assistant" && before?.role === "user" && before.askedRecollect) {
      content = markRecallRequest(turn.content, before.askedRecollect.query);
    }
    return { role: turn.role, content, timeMs: turn.timeMs };
  });
}
