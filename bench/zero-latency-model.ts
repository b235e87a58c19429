/**
 * A zero-latency fake Engine model for measuring the explorer's host overhead: it answers every
 * step instantly, as a model would at infinite speed — search the question, read around the first
 * hit, submit a report citing up to three observed candidates. It reads only the tool results in
 * its prompt (parsed with zod), never invents ids.
 */
import type {
  LanguageModelV3,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
} from "@ai-sdk/provider";
import { z } from "zod";
import type { Engine } from "../src/engine/engine.js";

const searchOutputSchema = z.looseObject({
  chats: z.array(
    z.looseObject({
      chat_id: z.number(),
      matches: z.array(z.looseObject({ candidate_id: z.string(), message_id: z.number() })),
    }),
  ),
});
const readOutputSchema = z.looseObject({
  messages: z.array(z.looseObject({ candidate_id: z.string() })),
});

function toolOutputs(prompt: LanguageModelV3Prompt): unknown[] {
  const outputs: unknown[] = [];
  for (const message of prompt) {
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type !== "tool-result") continue;
      const { output } = part;
      if (output.type === "json") outputs.push(output.value);
      else if (output.type === "text") {
        try {
          outputs.push(JSON.parse(output.value));
        } catch {
          // A non-JSON tool answer (a notice) carries no candidates.
        }
      }
    }
  }
  return outputs;
}

function questionOf(prompt: LanguageModelV3Prompt): string {
  const user = prompt.find((message) => message.role === "user");
  const text = user?.content.map((part) => (part.type === "text" ? part.text : "")).join(" ") ?? "";
  const tagged = /<question>([\s\S]*?)<\/question>/.exec(text)?.[1] ?? text;
  return tagged.trim().slice(0, 500) || "decision";
}

function nextCall(prompt: LanguageModelV3Prompt): { name: string; input: unknown } {
  const outputs = toolOutputs(prompt);
  const steps = prompt.filter((message) => message.role === "assistant").length;
  const searches = outputs.flatMap((value) => {
    const parsed = searchOutputSchema.safeParse(value);
    return parsed.success ? [parsed.data] : [];
  });
  const candidates = outputs.flatMap((value) => {
    const search = searchOutputSchema.safeParse(value);
    if (search.success)
      return search.data.chats.flatMap((chat) => chat.matches.map((m) => m.candidate_id));
    const read = readOutputSchema.safeParse(value);
    return read.success ? read.data.messages.map((m) => m.candidate_id) : [];
  });
  if (steps === 0) return { name: "search_chats", input: { query: questionOf(prompt) } };
  const hit = searches[0]?.chats[0];
  const firstMatch = hit?.matches[0];
  if (steps === 1 && hit && firstMatch) {
    return {
      name: "read_chat",
      input: {
        chat_id: hit.chat_id,
        around_message_id: firstMatch.message_id,
        before: 2,
        after: 2,
      },
    };
  }
  const cited = [...new Set(candidates)].slice(0, 3);
  return {
    name: "submit_report",
    input: {
      summary: "Bench report.",
      findings: cited.length > 0 ? [{ claim: "Observed discussion.", candidate_ids: cited }] : [],
      conflicts: [],
      missing_coverage: [],
      confidence: cited.length > 0 ? "medium" : "low",
    },
  };
}

/** The fake model; stateless, so one instance serves every run. */
export function createZeroLatencyModel(): LanguageModelV3 {
  return {
    specificationVersion: "v3",
    provider: "bench",
    modelId: "zero-latency",
    supportedUrls: {},
    async doGenerate() {
      throw new Error("the zero-latency bench model only streams");
    },
    async doStream(options) {
      const call = nextCall(options.prompt);
      const parts: LanguageModelV3StreamPart[] = [
        { type: "stream-start", warnings: [] },
        {
          type: "tool-call",
          toolCallId: `bench-${options.prompt.length}`,
          toolName: call.name,
          input: JSON.stringify(call.input),
        },
        {
          type: "finish",
          finishReason: { unified: "tool-calls", raw: "tool_calls" },
          usage: {
            inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
            outputTokens: { total: 0, text: 0, reasoning: 0 },
          },
        },
      ];
      return {
        stream: new ReadableStream<LanguageModelV3StreamPart>({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  };
}

/** An Engine around {@link createZeroLatencyModel} (reported as kind `offline`, model `bench-zero-latency`). */
export function zeroLatencyEngine(): Engine {
  const model = createZeroLatencyModel();
  return { kind: "offline", modelId: "bench-zero-latency", languageModel: () => model };
}
