/**
 * The evaluation suite format (docs/EVAL.md): apps with chats and messages, plus questions whose
 * gold evidence points at messages by suite-local chat key and 0-based message index. One JSON
 * file; every reference is checked by {@link evalSuiteSchema}'s refinement so a loaded suite never
 * points at a missing app, chat or message.
 */
import { z } from "zod";

/** Question categories the curated suite covers (issue 6 § Build 2, plan § Phase 6). */
export const QUESTION_CATEGORIES = [
  "vague_decision",
  "exact_recall",
  "multi_chat",
  "superseded",
  "reason",
  "no_match",
  "prompt_injection",
  "cross_app",
  "partial_index",
  "compacted_current_chat",
  "cjk",
] as const;

/**
 * The ten abilities of the BEAM benchmark (`../shared/datasets/README.md`; Tavakoli et al., "Beyond
 * a Million Tokens", arXiv 2510.27246), used as categories by the BEAM adapter (`eval/beam/`).
 */
export const BEAM_CATEGORIES = [
  "information_extraction",
  "multi_session_reasoning",
  "knowledge_update",
  "temporal_reasoning",
  "event_ordering",
  "contradiction_resolution",
  "summarization",
  "instruction_following",
  "preference_following",
  "abstention",
] as const;

/** Every category a suite may use, in table order: the curated ones, then BEAM's. */
export const SUITE_CATEGORIES = [...QUESTION_CATEGORIES, ...BEAM_CATEGORIES] as const;
export type QuestionCategory = (typeof SUITE_CATEGORIES)[number];

/** Most gold (and acceptable) messages one question may list; BEAM questions reach 16. */
export const MAX_EVIDENCE_REFS = 32;

/** Suite-local key: lower-case letters, digits, `-` and `_`, 1–80 chars. */
const keySchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,79}$/, "a key of a-z, 0-9, '-' or '_' (1-80 chars)");

/** ISO-8601 timestamp with an explicit zone (`Z` or `±hh:mm`). */
const isoSchema = z.iso.datetime({ offset: true });

/** Longest message content, chars: a sanity bound above BEAM's largest message (348,853 chars). */
export const MAX_MESSAGE_CHARS = 1_000_000;

/** One message. `content` ≤ {@link MAX_MESSAGE_CHARS}, not blank (the importer drops blank turns); `is_compaction_summary` defaults to false. */
export const suiteMessageSchema = z.object({
  role: z.enum(["user", "assistant"]),
  content: z.string().max(MAX_MESSAGE_CHARS).regex(/\S/, "non-blank text"),
  created_at: isoSchema,
  is_compaction_summary: z.boolean().optional(),
});
export type SuiteMessage = z.infer<typeof suiteMessageSchema>;

/**
 * One chat. `index_state: "pending"` chats are written after the index drain and left in the
 * dirty queue, to model partial indexing; default `"indexed"`.
 */
export const suiteChatSchema = z.object({
  key: keySchema,
  title: z.string().min(1).max(300).optional(),
  index_state: z.enum(["indexed", "pending"]).optional(),
  messages: z.array(suiteMessageSchema).min(1).max(500),
});
export type SuiteChat = z.infer<typeof suiteChatSchema>;

/** One app: `name` is the store's app name (unique in the suite). */
export const suiteAppSchema = z.object({
  key: keySchema,
  name: z.string().min(1).max(200),
  chats: z.array(suiteChatSchema).min(1),
});
export type SuiteApp = z.infer<typeof suiteAppSchema>;

/** A message reference: suite-local chat key plus 0-based index into that chat's messages. */
export const messageRefSchema = z.object({
  chat: keySchema,
  message_index: z.number().int().min(0),
});
export type MessageRef = z.infer<typeof messageRefSchema>;

/** Longest `answer` of a suite question, chars: BEAM-100K's longest reference answer is 841. */
export const MAX_ANSWER_CHARS = 2000;

/**
 * One question, asked in app `app` (its key). `current_chat` makes the explorer run inside that
 * chat (its last message is the in-flight one and stays invisible). `gold_evidence` lists the
 * messages a correct answer cites (empty when `expected` is `absent`); `acceptable_evidence` lists
 * extra messages that are relevant but not required (they count for precision, not recall).
 * `current_evidence` (on decisions that changed) lists the gold messages carrying the decision now
 * in force; every one must also be in `gold_evidence`, whose other messages are then the
 * superseded ones.
 * `expect_conflict` marks superseded decisions the report should surface as a conflict;
 * `expect_index_status: "indexing"` marks questions asked while the dirty queue is not drained.
 * `answer` is the answer in words, for the eval's answer-words figure (`answer-words.ts`); a
 * `note` reading "answer: …" (coding-histories' annotation) stands for one when it is absent.
 */
export const suiteQuestionSchema = z.object({
  id: keySchema,
  app: keySchema,
  current_chat: keySchema.optional(),
  question: z.string().trim().min(1).max(500),
  category: z.enum(SUITE_CATEGORIES),
  expected: z.enum(["found", "absent"]),
  gold_evidence: z.array(messageRefSchema).max(MAX_EVIDENCE_REFS),
  acceptable_evidence: z.array(messageRefSchema).max(MAX_EVIDENCE_REFS).optional(),
  current_evidence: z.array(messageRefSchema).max(MAX_EVIDENCE_REFS).optional(),
  expect_conflict: z.boolean().optional(),
  expect_index_status: z.enum(["ready", "indexing"]).optional(),
  answer: z.string().trim().min(1).max(MAX_ANSWER_CHARS).optional(),
  note: z.string().max(500).optional(),
});
export type SuiteQuestion = z.infer<typeof suiteQuestionSchema>;

/** Flags each `current_evidence` ref that `gold_evidence` does not also list. */
function checkCurrentInGold(
  question: SuiteQuestion,
  at: (...path: (string | number)[]) => (string | number)[],
  ctx: z.RefinementCtx,
): void {
  const gold = new Set(question.gold_evidence.map((ref) => `${ref.chat}#${ref.message_index}`));
  question.current_evidence?.forEach((ref, i) => {
    if (!gold.has(`${ref.chat}#${ref.message_index}`))
      ctx.addIssue({
        code: "custom",
        path: at("current_evidence", i),
        message: `message ${ref.message_index} of chat "${ref.chat}" is not in gold_evidence`,
      });
  });
}

/** Checks every cross-reference; issues name the JSON path of the bad value. */
function checkReferences(suite: EvalSuiteShape, ctx: z.RefinementCtx): void {
  const appKeys = new Set<string>();
  const appNames = new Set<string>();
  const chats = new Map<string, { app: string; messageCount: number }>();
  suite.apps.forEach((app, a) => {
    if (appKeys.has(app.key))
      ctx.addIssue({
        code: "custom",
        path: ["apps", a, "key"],
        message: `duplicate app key "${app.key}"`,
      });
    if (appNames.has(app.name))
      ctx.addIssue({
        code: "custom",
        path: ["apps", a, "name"],
        message: `duplicate app name "${app.name}"`,
      });
    appKeys.add(app.key);
    appNames.add(app.name);
    app.chats.forEach((chat, c) => {
      if (chats.has(chat.key))
        ctx.addIssue({
          code: "custom",
          path: ["apps", a, "chats", c, "key"],
          message: `duplicate chat key "${chat.key}"`,
        });
      chats.set(chat.key, { app: app.key, messageCount: chat.messages.length });
    });
  });
  const questionIds = new Set<string>();
  suite.questions.forEach((question, q) => {
    const at = (...path: (string | number)[]) => ["questions", q, ...path];
    if (questionIds.has(question.id))
      ctx.addIssue({
        code: "custom",
        path: at("id"),
        message: `duplicate question id "${question.id}"`,
      });
    questionIds.add(question.id);
    if (!appKeys.has(question.app))
      ctx.addIssue({ code: "custom", path: at("app"), message: `unknown app "${question.app}"` });
    if (question.current_chat !== undefined) {
      const chat = chats.get(question.current_chat);
      if (!chat || chat.app !== question.app)
        ctx.addIssue({
          code: "custom",
          path: at("current_chat"),
          message: `current_chat "${question.current_chat}" is not a chat of app "${question.app}"`,
        });
      else if (chat.messageCount < 2)
        ctx.addIssue({
          code: "custom",
          path: at("current_chat"),
          message: "a current chat needs at least 2 messages (the last is in flight)",
        });
    }
    if (question.expected === "absent" && question.gold_evidence.length > 0)
      ctx.addIssue({
        code: "custom",
        path: at("gold_evidence"),
        message: "an absent question has no gold evidence",
      });
    if (question.expected === "found" && question.gold_evidence.length === 0)
      ctx.addIssue({
        code: "custom",
        path: at("gold_evidence"),
        message: "a found question needs at least one gold message",
      });
    const refs = [
      ...question.gold_evidence.map((ref, i) => ({ ref, path: at("gold_evidence", i) })),
      ...(question.acceptable_evidence ?? []).map((ref, i) => ({
        ref,
        path: at("acceptable_evidence", i),
      })),
      ...(question.current_evidence ?? []).map((ref, i) => ({
        ref,
        path: at("current_evidence", i),
      })),
    ];
    checkCurrentInGold(question, at, ctx);
    for (const { ref, path } of refs) {
      const chat = chats.get(ref.chat);
      if (!chat)
        ctx.addIssue({
          code: "custom",
          path: [...path, "chat"],
          message: `unknown chat "${ref.chat}"`,
        });
      else if (chat.app !== question.app)
        ctx.addIssue({
          code: "custom",
          path: [...path, "chat"],
          message: `chat "${ref.chat}" is not in app "${question.app}"`,
        });
      else if (ref.message_index >= chat.messageCount)
        ctx.addIssue({
          code: "custom",
          path: [...path, "message_index"],
          message: `chat "${ref.chat}" has ${chat.messageCount} messages`,
        });
      else if (ref.chat === question.current_chat && ref.message_index === chat.messageCount - 1)
        ctx.addIssue({
          code: "custom",
          path: [...path, "message_index"],
          message: "the in-flight message cannot be evidence",
        });
    }
  });
}

const suiteShape = z.object({
  version: z.literal(1),
  name: z.string().min(1).max(200),
  description: z.string().max(2000).optional(),
  apps: z.array(suiteAppSchema).min(1),
  questions: z.array(suiteQuestionSchema).min(1),
});
type EvalSuiteShape = z.infer<typeof suiteShape>;

/** The whole suite file, with every cross-reference checked. */
export const evalSuiteSchema = suiteShape.superRefine(checkReferences);
export type EvalSuite = z.infer<typeof evalSuiteSchema>;
