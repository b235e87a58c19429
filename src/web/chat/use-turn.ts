/**
 * The live turn in the browser: streams events, folds them with the same reducer the server
 * persists with, holds the open consent prompt, and stops the turn.
 *
 * Stop cancels locally first (every pending card becomes cancelled and frozen at once), then asks
 * the server to abort; anything the stream still delivers for that turn is ignored.
 *
 * Failures stay visible: a turn the server refused or never received is reported to the caller
 * (the page keeps the draft), and a turn that failed or lost its server after it was accepted stays
 * on screen, ended, with its error and its question, until the next turn starts (so it can be
 * retried) — it is never replaced by a reload that no longer shows it.
 */
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isReplyLocale } from "../../contracts/reply-locale.js";
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
import { ApiError, NETWORK_ERROR_KIND, sendJson, streamTurn } from "../api/client.js";

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
  /** True when the server went away after accepting the turn (its stream broke or ended early). */
  readonly connectionLost: boolean;
}

/** How {@link TurnControls.send} ended: the server accepted the turn, or `error` refused it. */
export type SendResult =
  | { readonly accepted: true }
  | { readonly accepted: false; readonly error: ApiError };

/** The hook's API. */
export interface TurnControls {
  readonly live: LiveTurn | null;
  /**
   * Streams a turn in `chatId`; resolves when the stream ends (after `onSettled`). `onAccepted`
   * runs once the server has stored the question (the page clears its draft only then).
   */
  send(chatId: number, text: string, onAccepted?: () => void): Promise<SendResult>;
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

/** True for a turn that ended with an error to show (not one the person stopped). */
export function turnFailed(live: LiveTurn): boolean {
  return live.parts.ended && !live.stopped && live.error !== null && live.error.kind !== "aborted";
}

/**
 * `onSettled` runs after the stream ends (it reloads the stored messages) before `live` clears, and
 * resolves true when the stored messages now show the turn. A failed turn ({@link turnFailed}), or
 * one whose reload failed (the server went away just after it), is kept until the next `send`, so
 * its question and answer never vanish from the screen.
 */
export function useTurn(onSettled: () => Promise<boolean>): TurnControls {
  const [live, setLive] = useState<LiveTurn | null>(null);
  const liveRef = useRef<LiveTurn | null>(null);
  const { i18n } = useTranslation();
  // Recollect's own fixed replies come back in the language the page is shown in.
  const locale = isReplyLocale(i18n.language) ? i18n.language : "en";
  const update = useCallback((change: (current: LiveTurn) => LiveTurn) => {
    setLive((current) => {
      const next = current ? change(current) : current;
      liveRef.current = next;
      return next;
    });
  }, []);

  const send = useCallback(
    async (chatId: number, text: string, onAccepted?: () => void): Promise<SendResult> => {
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
        connectionLost: false,
      };
      liveRef.current = initial;
      setLive(initial);
      // Known here, not read back from state: React may not have applied the update yet.
      let accepted = false;
      try {
        await streamTurn(chatId, text, locale, (event) => {
          update((current) => reduce(current, event));
          if (event.type === "turn-accepted") {
            accepted = true;
            onAccepted?.();
          }
        });
      } catch (caught) {
        const error =
          caught instanceof ApiError
            ? caught
            : new ApiError(
                "internal",
                0,
                caught instanceof Error ? caught.message : String(caught),
              );
        if (!accepted) {
          // Refused or never received: nothing was stored, so nothing of it stays on screen.
          liveRef.current = null;
          setLive(null);
          return { accepted: false, error };
        }
        const lost = error.kind === NETWORK_ERROR_KIND;
        const ended: AgentEventError = {
          kind: "internal",
          message: lost ? "The connection to the Recollect server was lost." : error.message,
        };
        update((current) =>
          current.parts.ended
            ? current
            : {
                ...current,
                parts: endParts(current.parts, ended),
                error: ended,
                connectionLost: lost,
              },
        );
      }
      const reloaded = await onSettled();
      setLive((settled) => {
        const next = settled !== null && (turnFailed(settled) || !reloaded) ? settled : null;
        liveRef.current = next;
        return next;
      });
      return { accepted: true };
    },
    [onSettled, update, locale],
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
