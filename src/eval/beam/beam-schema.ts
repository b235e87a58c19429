/**
 * The BEAM benchmark's on-disk shapes (`../shared/datasets/README.md`): per conversation folder
 * `N/`, `chat.json` (batches of turn groups of messages) and
 * `probing_questions/probing_questions.json` (questions keyed by ability). Only the fields the
 * adapter reads are checked; anything else in the files is ignored.
 */
import { z } from "zod";
import { BEAM_CATEGORIES, MAX_MESSAGE_CHARS } from "../suite/suite-schema.js";

/** One message: `id` is unique within the conversation (0-based); `content` is the raw text. */
export const beamMessageSchema = z.object({
  role: z.enum(["user", "assistant"]),
  id: z.number().int().min(0),
  content: z.string().max(MAX_MESSAGE_CHARS).regex(/\S/, "non-blank text"),
});
export type BeamMessage = z.infer<typeof beamMessageSchema>;

/** One batch: a list of turn groups, each a non-empty list of messages in order. */
export const beamBatchSchema = z.object({
  batch_number: z.number().int(),
  turns: z.array(z.array(beamMessageSchema).min(1).max(500)),
});

/** `chat.json`: the conversation's batches in order. */
export const beamChatFileSchema = z.array(beamBatchSchema).min(1);
export type BeamChatFile = z.infer<typeof beamChatFileSchema>;

/** Message ids as BEAM nests them: an id, a list, or a dict of lists (`{first_event: […]}`). */
export type BeamIdTree = number | BeamIdTree[] | { [key: string]: BeamIdTree };
const idTreeSchema: z.ZodType<BeamIdTree> = z.lazy(() =>
  z.union([z.number().int().min(0), z.array(idTreeSchema), z.record(z.string(), idTreeSchema)]),
);

/**
 * One probing question; `source_chat_ids` holds message ids despite its name (absent or null on
 * abstention). The reference answer is `answer` or, on some abilities, `ideal_answer`.
 */
export const beamQuestionSchema = z.object({
  question: z.string().trim().min(1).max(500),
  source_chat_ids: idTreeSchema.nullable().optional(),
  answer: z.string().optional(),
  ideal_answer: z.string().optional(),
});
export type BeamQuestion = z.infer<typeof beamQuestionSchema>;

/** `probing_questions.json`: questions per BEAM ability (any subset of the ten). */
export const beamQuestionsFileSchema = z.partialRecord(
  z.enum(BEAM_CATEGORIES),
  z.array(beamQuestionSchema),
);
export type BeamQuestionsFile = z.infer<typeof beamQuestionsFileSchema>;

/** Every id in a {@link BeamIdTree}, depth first, in file order (duplicates kept). Pure. */
export function flattenIds(tree: BeamIdTree | null | undefined): number[] {
  if (tree === null || tree === undefined) return [];
  if (typeof tree === "number") return [tree];
  const children = Array.isArray(tree) ? tree : Object.values(tree);
  return children.flatMap(flattenIds);
}
