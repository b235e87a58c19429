import type { LanguageModelV3Usage } from "@ai-sdk/provider";

/**
 * Usage of a model call whose token counts nobody knows: every count undefined (the AI SDK's
 * spelling of "not reported"). For models that report none: MCP sampling's results, the offline
 * router.
 */
export const UNKNOWN_USAGE: LanguageModelV3Usage = Object.freeze({
  inputTokens: Object.freeze({
    total: undefined,
    noCache: undefined,
    cacheRead: undefined,
    cacheWrite: undefined,
  }),
  outputTokens: Object.freeze({ total: undefined, text: undefined, reasoning: undefined }),
});
