/**
 * The last word, read: before the report, the policy reads on past its best cited messages, so
 * the turns that settled a proposal ("yes, let's do that", "use X instead") can be cited with it
 * (`thread-turns.ts`). In a coding agent's long session they often come 4–6 turns after the
 * proposal, beyond a read's window; and the session's newest turn on the subject, which a search
 * named by id, may lie further on still. What only these reads observed serves the threads and the
 * revisions, scored against the pool the searches and reads made; it neither joins that pool nor
 * leads a finding: it was read for what it says about a cited message (in the pool, its words
 * moved the term statistics and displaced answers: coding-histories dev, answer@1 lost 3).
 * Pure.
 */
import type { ChildReadInput } from "../child-protocol.js";
import type { PolicyConfig } from "./policy-parameters.js";
import type { RankedMessage } from "./rank-evidence.js";
import type { Observation, RunState } from "./run-state.js";

/**
 * A settle read starts at its message (`before` 0); every other read of the policy starts
 * `readBefore` (≥ 1) earlier or reads by page.
 */
function isSettleRead(read: ChildReadInput): boolean {
  return read.before === 0 && read.around_message_id !== undefined;
}

/** One settle read: `after` messages past `messageId` of `chatId`. */
export type SettleRead = { readonly toolName: "read_chat"; readonly input: ChildReadInput };

/**
 * The settle reads due now, given `cited` (the best cited messages, best first, at most
 * `settleReads`): one per message whose next `settleAfter` turns were not all observed, outside
 * the current chat, then one around the newest match of the best one's chat beyond them all
 * ({@link latestMatchRead}). None when the stage is off or settle reads were already made (once
 * per run). Revisions set dev: answer@3 0.68 → 0.72 (chef-chopsky's meal check-in question reads
 * the person's "in the next interaction"), answer@1 unchanged (lenr-academy's "is Phase 1
 * finished?" now ends on the later push turn instead of "complete Phase 1 to 100%");
 * coding-histories, the one-word set, curated and BEAM-100K unchanged.
 */
export function settleCalls(
  state: RunState,
  cited: readonly RankedMessage[],
  config: PolicyConfig,
): SettleRead[] {
  const { settleReads, settleAfter: after } = config.parameters;
  if (config.off.has("settle") || config.off.has("read")) return [];
  if (state.reads.some(isSettleRead)) return [];
  const seen = new Set(state.observations.map((item) => `${item.chatId}:${item.messageId}`));
  const calls = cited.slice(0, settleReads).flatMap(({ observation: { chatId, messageId } }) => {
    const ahead = Array.from({ length: after }, (_, i) => `${chatId}:${messageId + i + 1}`);
    if (chatId === state.currentChatId || ahead.every((key) => seen.has(key))) return [];
    const input = { chat_id: chatId, around_message_id: messageId, before: 0, after };
    return [{ toolName: "read_chat" as const, input }];
  });
  const last = latestMatchRead(state, cited[0], calls);
  return last ? [...calls, last] : calls;
}

/**
 * The read of the newest match the searches named in the best cited message's chat, when it lies
 * past everything observed there and past the settle reads planned (`planned`): in a long session
 * the last turn on the subject ("let's go back to the version where …", then the rewrite) is the
 * one in force, and a read around the best matches never reaches it. It starts at the turn before
 * the match (the request it answers) and reads the two after.
 */
function latestMatchRead(
  state: RunState,
  best: RankedMessage | undefined,
  planned: readonly SettleRead[],
): SettleRead | null {
  if (best === undefined) return null;
  const { chatId } = best.observation;
  if (chatId === state.currentChatId) return null;
  const named = state.searches.flatMap((run) => [...(run.moreMatches.get(chatId) ?? [])]);
  const shown = state.observations
    .filter((item) => item.chatId === chatId && item.via === "search")
    .map((item) => item.messageId);
  const latest = Math.max(-Infinity, ...named, ...shown);
  const observed = state.observations.filter((item) => item.chatId === chatId);
  const reach = Math.max(
    -Infinity,
    ...observed.map((item) => item.messageId),
    ...planned
      .filter((read) => read.input.chat_id === chatId)
      .map((read) => (read.input.around_message_id ?? 0) + (read.input.after ?? 0)),
  );
  if (!Number.isFinite(latest) || latest <= reach) return null;
  const input = { chat_id: chatId, around_message_id: latest - 1, before: 0, after: 3 };
  return { toolName: "read_chat", input };
}

/** `observation` lies in the window of `read` (ids are in chat order; page reads cover the chat). */
function inWindow(observation: Observation, read: ChildReadInput): boolean {
  if (read.chat_id !== observation.chatId) return false;
  if (read.around_message_id === undefined) return true;
  const low = read.around_message_id - (read.before ?? 0);
  const high = read.around_message_id + (read.after ?? 0);
  return observation.messageId >= low && observation.messageId <= high;
}

/**
 * The candidate ids of `state` that only settle reads observed: no search returned them and no
 * other read covered them. Ranking keeps them out of its pool (`rank-evidence.ts`).
 */
export function settleOnly(state: RunState): Set<string> {
  const settle = state.reads.filter(isSettleRead);
  if (settle.length === 0) return new Set();
  const other = state.reads.filter((read) => !isSettleRead(read));
  const searched = new Set(state.searches.flatMap((run) => run.ranked));
  const only = state.observations.filter(
    (item) =>
      !searched.has(item.candidateId) &&
      !other.some((read) => inWindow(item, read)) &&
      settle.some((read) => inWindow(item, read)),
  );
  return new Set(only.map((item) => item.candidateId));
}
