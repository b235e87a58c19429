/**
 * What `POST /api/chats/:chatId/turns` streams (server-sent events, one JSON object per `data:`
 * line): every {@link AgentEvent} of the turn, plus the server's own events. Validated by the
 * browser with {@link serverEventSchema}.
 */
import { z } from "zod";
import {
  type AgentEvent,
  type AgentEventError,
  agentEventSchema,
} from "../../contracts/agent-events.js";

export type { AgentEventError };

/** The server accepted the turn and stored the person's message. First event of every stream. */
export interface TurnAcceptedEvent {
  readonly type: "turn-accepted";
  readonly turnId: string;
  readonly userMessageId: number;
  readonly assistantMessageId: number;
}

/**
 * A tool with consent `ask` wants to run. The browser shows the dialog and answers with
 * `POST /api/turns/:turnId/consent/:promptId`. `preview` is the tool's one-line consent preview
 * (never archival text); the disclosure copy is localized by the browser from `toolName`.
 */
export interface ConsentRequestEvent {
  readonly type: "consent-request";
  readonly turnId: string;
  readonly promptId: string;
  readonly toolName: string;
  readonly preview: string;
}

/** Any event on a turn stream. */
export type ServerEvent = AgentEvent | TurnAcceptedEvent | ConsentRequestEvent;

/** Validates one parsed stream event. */
export const serverEventSchema = z.union([
  agentEventSchema,
  z.object({
    type: z.literal("turn-accepted"),
    turnId: z.string(),
    userMessageId: z.number().int(),
    assistantMessageId: z.number().int(),
  }),
  z.object({
    type: z.literal("consent-request"),
    turnId: z.string(),
    promptId: z.string(),
    toolName: z.string(),
    preview: z.string(),
  }),
]);
