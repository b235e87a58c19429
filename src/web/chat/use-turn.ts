/**
 * The live turn in the browser: streams events, folds them with the same reducer the server
 * persists with, holds the open consent prompt, and stops the turn.
 *
 * Stop cancels locally first (every pending card becomes cancelled and frozen at once), then asks
 * the server to abort; anything the stream still delivers for that turn is ignored.
 */
import { useCallback, useRef, useState } from "react";
import {
  type AssistantParts,
  applyAgentEvent,
  EMPTY_PARTS,
  endParts,
} from "../../server/shared/assistant-parts.js";
import type {
  AgentEventError,
  ConsentRequestEvent,
  ServerEvent,
} from "../../server/shared/server-events.js";
import { ApiError, sendJson, streamTurn } from "../api/client.js";

/** What the chat view draws for the running turn. */
export interface LiveTurn {
  readonly turnId: string | null;
  /** The stored id of the assistant message this turn fills, once the server accepted it. */
  readonly assistantMessageId: number | null;
  /** The stored id of the person's message, once the server accepted it. */
  readonly userMessageId: number | null;
  /** The chat the turn runs in; the view shows it only there. */
  readonly chatId: number;
  readonly userText: string;
  readonly parts: AssistantParts;
  readonly consent: ConsentRequestEvent | null;
  readonly error: AgentEventError | null;
  /** True after the person pressed Stop. */
  readonly stopped: boolean;
}

/** The hook's API. */
export interface TurnControls {
  readonly live: LiveTurn | null;
  /** Streams a turn in `chatId`; resolves when the stream ends (after `onSettled`). */
  send(chatId: number, text: string): Promise<void>;
  stop(): void;
  answerConsent(decision: "allow" | "deny"): void;
}

function reduce(live: LiveTurn, event: ServerEvent): LiveTurn {
  if (event.type === "turn-accepted") {
    return {
      ...live,
      turnId: event.turnId,
      assistantMessageId: event.assistantMessageId,
      userMessageId: event.userMessageId,
    };
  }
  if (event.type === "consent-request") {
    return live.parts.ended ? live : { ...live, consent: event };
  }
  if (live.parts.ended) return live;
  const parts = applyAgentEvent(live.parts, event);
  const error = event.type === "turn-error" ? event.error : live.error;
  const consent = parts.ended || event.type === "tool-result" ? null : live.consent;
  return { ...live, parts, error, consent };
}

/** `onSettled` runs after the stream ends (e.g. reload the stored messages) before `live` clears. */
export function useTurn(onSettled: () => Promise<void>): TurnControls {
  const [live, setLive] = useState<LiveTurn | null>(null);
  const liveRef = useRef<LiveTurn | null>(null);
  const update = useCallback((change: (current: LiveTurn) => LiveTurn) => {
    setLive((current) => {
      const next = current ? change(current) : current;
      liveRef.current = next;
      return next;
    });
  }, []);

  const send = useCallback(
    async (chatId: number, text: string) => {
      const initial: LiveTurn = {
        turnId: null,
        assistantMessageId: null,
        userMessageId: null,
        chatId,
        userText: text,
        parts: EMPTY_PARTS,
        consent: null,
        error: null,
        stopped: false,
      };
      liveRef.current = initial;
      setLive(initial);
      try {
        await streamTurn(chatId, text, (event) => update((current) => reduce(current, event)));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const kind = error instanceof ApiError ? error.kind : "internal";
        update((current) =>
          current.parts.ended
            ? current
            : {
                ...current,
                parts: endParts(current.parts),
                error: { kind: "internal", message: `${kind}: ${message}` },
              },
        );
      }
      await onSettled();
      liveRef.current = null;
      setLive(null);
    },
    [onSettled, update],
  );

  const stop = useCallback(() => {
    const current = liveRef.current;
    if (!current || current.parts.ended) return;
    update((turn) => ({
      ...turn,
      stopped: true,
      consent: null,
      parts: endParts(turn.parts, { kind: "aborted", message: "" }),
    }));
    if (current.turnId) {
      void sendJson(
        "POST",
        `/api/turns/${encodeURIComponent(current.turnId)}/abort`,
        {},
        null,
      ).catch(
        () => undefined, // the turn may have just finished: nothing left to abort
      );
    }
  }, [update]);

  const answerConsent = useCallback(
    (decision: "allow" | "deny") => {
      const request = liveRef.current?.consent;
      if (!request) return;
      update((turn) => ({ ...turn, consent: null }));
      void sendJson(
        "POST",
        `/api/turns/${encodeURIComponent(request.turnId)}/consent/${encodeURIComponent(request.promptId)}`,
        { decision },
        null,
      ).catch(() => undefined);
    },
    [update],
  );

  return { live, send, stop, answerConsent };
}
