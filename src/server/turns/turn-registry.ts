/**
 * Turns running in one server, each with its abort controller and its open consent prompts. Lives
 * inside the server factory (never module-level), so two servers in one process never share turns.
 */

import type { ConsentDecision } from "../../agent/consent/consent-prompter.js";
import { RecollectError } from "../../errors/recollect-error.js";

/** One running turn. */
export interface RunningTurn {
  readonly turnId: string;
  readonly chatId: number;
  readonly abortController: AbortController;
  /** Open `ask` prompts by prompt id; resolving removes them. */
  readonly prompts: Map<string, (decision: ConsentDecision) => void>;
}

/** The registry's operations. */
export interface TurnRegistry {
  /**
   * Registers a new turn with a fresh abort controller.
   * @throws RecollectError (`precondition`) while another turn runs in the same chat.
   */
  start(turnId: string, chatId: number): RunningTurn;
  /** True while a turn runs in `chatId`. */
  isBusy(chatId: number): boolean;
  /** Forgets a finished turn; open prompts resolve `deny`. */
  finish(turnId: string): void;
  /**
   * Aborts a running turn: its signal fires and open prompts resolve `deny`.
   * @throws RecollectError (`not_found`) for an unknown or finished turn.
   */
  abort(turnId: string): void;
  /**
   * Answers an open consent prompt.
   * @throws RecollectError (`not_found`) when the turn or prompt is unknown or already answered.
   */
  answer(turnId: string, promptId: string, decision: ConsentDecision): void;
  /** The running turn, or undefined. */
  get(turnId: string): RunningTurn | undefined;
  /**
   * Aborts every running turn (the server is stopping) and resolves once each has finished, i.e.
   * its runner returned and its reply was stored, so the store may close after it. Resolves at
   * once when none runs; never rejects.
   */
  abortAll(): Promise<void>;
}

function notFound(what: string): RecollectError {
  return new RecollectError("not_found", `No running ${what} with that id.`);
}

/** Creates an empty registry. */
export function createTurnRegistry(): TurnRegistry {
  const turns = new Map<string, RunningTurn>();
  // Resolved by finish() when the last running turn ends (abortAll waits on it).
  const idleWaiters: Array<() => void> = [];
  const denyAll = (turn: RunningTurn) => {
    for (const resolve of turn.prompts.values()) resolve("deny");
    turn.prompts.clear();
  };
  return {
    start(turnId, chatId) {
      if ([...turns.values()].some((turn) => turn.chatId === chatId)) {
        throw new RecollectError(
          "precondition",
          "A turn is already running in this chat; stop it or wait for it to finish.",
        );
      }
      const turn: RunningTurn = {
        turnId,
        chatId,
        abortController: new AbortController(),
        prompts: new Map(),
      };
      turns.set(turnId, turn);
      return turn;
    },
    finish(turnId) {
      const turn = turns.get(turnId);
      if (!turn) return;
      denyAll(turn);
      turns.delete(turnId);
      if (turns.size === 0) for (const resolve of idleWaiters.splice(0)) resolve();
    },
    abort(turnId) {
      const turn = turns.get(turnId);
      if (!turn) throw notFound("turn");
      denyAll(turn);
      turn.abortController.abort();
    },
    answer(turnId, promptId, decision) {
      const resolve = turns.get(turnId)?.prompts.get(promptId);
      if (!resolve) throw notFound("consent prompt");
      turns.get(turnId)?.prompts.delete(promptId);
      resolve(decision);
    },
    get: (turnId) => turns.get(turnId),
    abortAll() {
      if (turns.size === 0) return Promise.resolve();
      const idle = new Promise<void>((resolve) => idleWaiters.push(resolve));
      for (const turn of turns.values()) {
        denyAll(turn);
        turn.abortController.abort();
      }
      return idle;
    },
    isBusy: (chatId) => [...turns.values()].some((turn) => turn.chatId === chatId),
  };
}
