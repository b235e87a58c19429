/**
 * Test support: a tiny in-memory stand-in for the explorer's child tools over a fixed list of
 * messages, answering in the child protocol's JSON (candidate IDs minted in first-seen order,
 * budget views counting down). It lets the offline policy be exercised through `streamText`
 * before the real runner exists; it is not a retrieval implementation (no FTS, no app scoping).
 */
import { tool } from "ai";
import { contentTerms } from "../../../../../history/text/content-terms.js";
import {
  type ChildReadOutput,
  type ChildSearchOutput,
  childReadInputSchema,
  childSearchInputSchema,
  type SubmitReportInput,
  submitReportInputSchema,
} from "../../child-protocol.js";

/** One stored message of the fixture. */
export interface FixtureMessage {
  readonly chatId: number;
  readonly chatTitle: string | null;
  readonly messageId: number;
  readonly role: "user" | "assistant";
  readonly createdAt: string;
  readonly content: string;
}

/** Options: the messages, and the call budget the budget view starts from (default 24). */
export interface FixtureToolsOptions {
  readonly messages: readonly FixtureMessage[];
  readonly callBudget?: number;
  readonly stepBudget?: number;
}

/** The tool set plus what the test wants to inspect afterwards. */
export interface FixtureTools {
  readonly tools: ReturnType<typeof buildTools>;
  readonly calls: Array<{ toolName: string; input: unknown }>;
  readonly submitted: SubmitReportInput[];
}

function buildTools(
  options: FixtureToolsOptions,
  state: {
    calls: Array<{ toolName: string; input: unknown }>;
    submitted: SubmitReportInput[];
    ids: Map<number, string>;
  },
) {
  const callBudget = options.callBudget ?? 24;
  const stepBudget = options.stepBudget ?? 10;
  const candidateFor = (messageId: number) => {
    let id = state.ids.get(messageId);
    if (!id) {
      id = `c${state.ids.size + 1}`;
      state.ids.set(messageId, id);
    }
    return id;
  };
  const budget = () => ({
    calls_left: Math.max(0, callBudget - state.calls.length),
    observation_bytes_left: 96_000,
    steps_left: Math.max(0, stepBudget - state.calls.length),
  });
  return {
    search_chats: tool({
      description: "Keyword search over this app's earlier chats.",
      inputSchema: childSearchInputSchema,
      execute: async (input): Promise<ChildSearchOutput> => {
        state.calls.push({ toolName: "search_chats", input });
        const terms = new Set(contentTerms(input.query).map((item) => item.term));
        const scored = options.messages
          .map((message) => ({
            message,
            hits: new Set(
              contentTerms(`${message.chatTitle ?? ""} ${message.content}`)
                .map((item) => item.term)
                .filter((term) => terms.has(term)),
            ).size,
          }))
          .filter((item) => item.hits > 0)
          .sort(
            (a, b) => b.hits - a.hits || b.message.createdAt.localeCompare(a.message.createdAt),
          );
        const chats = new Map<
          number,
          {
            chat_id: number;
            title: string | null;
            created_at: string;
            matches: ChildSearchOutput["chats"][number]["matches"][number][];
          }
        >();
        for (const { message } of scored) {
          const chat = chats.get(message.chatId) ?? {
            chat_id: message.chatId,
            title: message.chatTitle,
            created_at: message.createdAt,
            matches: [],
          };
          if (chat.matches.length >= 2) continue;
          chat.matches.push({
            candidate_id: candidateFor(message.messageId),
            message_id: message.messageId,
            role: message.role,
            created_at: message.createdAt,
            excerpt: message.content.slice(0, 300),
          });
          chats.set(message.chatId, chat);
        }
        return {
          index_status: "ready",
          pending_count: 0,
          truncated: false,
          chats: [...chats.values()].slice(0, input.limit ?? 8),
          budget: budget(),
        };
      },
    }),
    read_chat: tool({
      description: "Read a window of one chat.",
      inputSchema: childReadInputSchema,
      execute: async (input): Promise<ChildReadOutput> => {
        state.calls.push({ toolName: "read_chat", input });
        const inChat = options.messages
          .filter((message) => message.chatId === input.chat_id)
          .sort((a, b) => a.messageId - b.messageId);
        const at = inChat.findIndex((message) => message.messageId === input.around_message_id);
        const from = Math.max(0, at - (input.before ?? 3));
        const to = at + (input.after ?? 3) + 1;
        const window = inChat.slice(from, to);
        return {
          chat_id: input.chat_id,
          title: inChat[0]?.chatTitle ?? null,
          messages: window.map((message) => ({
            candidate_id: candidateFor(message.messageId),
            message_id: message.messageId,
            role: message.role,
            created_at: message.createdAt,
            content: message.content,
          })),
          has_more_before: from > 0,
          has_more_after: to < inChat.length,
          truncated: false,
          budget: budget(),
        };
      },
    }),
    submit_report: tool({
      description: "Submit the final report.",
      inputSchema: submitReportInputSchema,
      execute: async (input) => {
        state.calls.push({ toolName: "submit_report", input });
        state.submitted.push(input);
        return { accepted: true as const };
      },
    }),
  };
}

/** Builds the fixture tools. Each instance has its own candidate-ID registry and call log. */
export function createFixtureTools(options: FixtureToolsOptions): FixtureTools {
  const state = {
    calls: [] as Array<{ toolName: string; input: unknown }>,
    submitted: [] as SubmitReportInput[],
    ids: new Map<number, string>(),
  };
  return { tools: buildTools(options, state), calls: state.calls, submitted: state.submitted };
}
