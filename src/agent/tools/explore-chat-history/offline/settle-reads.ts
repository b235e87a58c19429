/**
 * The last word, read: before the report, the policy reads on past its best cited messages, so
 * the turns that settled a proposal ("yes, let's do that", "use X instead") can be cited with it
 * (`thread-turns.ts`). In a coding agent's long session they often come 4–6 turns after the
 * proposal, beyond a read's window. What only these reads observed serves the threads and the
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
 * the current chat. None when the stage is off or settle reads were already made (once per run).
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
  return cited.slice(0, settleReads).flatMap(({ observation: { chatId, messageId } }) => {
    const ahead = Array.from({ length: after }, (_, i) => `${chatId}:${messageId + i + 1}`);
    if (chatId === state.currentChatId || ahead.every((key) => seen.has(key))) return [];
    const input = { chat_id: chatId, around_message_id: messageId, before: 0, after };
    return [{ toolName: "read_chat" as const, input }];
  });
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
