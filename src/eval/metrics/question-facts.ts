/**
 * What one question's run produced, reduced to numbers and ids: the input of the pure metric
 * functions. Built by the runner; holds no archival text.
 */
import type { FloorHit } from "../floor/floor-index.js";
import type { RetrievalTimes } from "../runner/recording-retrieval.js";
import type { QuestionCategory } from "../suite/suite-schema.js";
import type { AnswerWords } from "./answer-words.js";

/** Where a cited message really lives, looked up in the store after the run; null: no such message. */
export interface CitationLocation {
  readonly appId: number;
  readonly chatId: number;
}

/** One cited evidence target as the report rendered it. */
export interface CitedTarget {
  readonly messageId: number;
  readonly chatId: number;
  /** The store's truth for `messageId`, or null if it does not exist. */
  readonly actual: CitationLocation | null;
}

/** Facts of one question run. Times in ms, sizes in UTF-8 bytes. */
export interface QuestionFacts {
  readonly id: string;
  readonly category: QuestionCategory;
  readonly expected: "found" | "absent";
  readonly appId: number;
  readonly gold: readonly number[];
  /** Chat ids of the gold messages (distinct). */
  readonly goldChats: readonly number[];
  readonly acceptable: readonly number[];
  /**
   * The gold messages carrying the decision now in force (the suite's `current_evidence`); empty
   * when the question names none. Gold minus these are the superseded messages.
   */
  readonly current: readonly number[];
  readonly expectConflict: boolean;
  readonly expectIndexStatus: "ready" | "indexing" | null;
  /** Null when the run threw; then `errorKind` says why. */
  readonly report: {
    readonly outcome: "complete" | "no_match" | "partial";
    readonly action: "answer_from_report" | "read_targets" | "ask_user" | "no_relevant_history";
    readonly confidence: "high" | "medium" | "low";
    readonly indexStatus: "ready" | "indexing";
    /** Unique cited targets over findings and conflicts. */
    readonly cited: readonly CitedTarget[];
    /** Message ids of each finding's evidence, findings in report order (what is read first). */
    readonly findings: readonly (readonly number[])[];
    /** Message ids of each conflict's evidence. */
    readonly conflicts: readonly (readonly number[])[];
    readonly bytes: number;
    readonly evidenceOnly: boolean;
  } | null;
  readonly errorKind: string | null;
  /**
   * How many of the annotated answer's words the first claim holds, beside its messages' opening
   * (`answer-words.ts`); null without an annotated answer, a report or a finding.
   */
  readonly answerWords: AnswerWords | null;
  /** Message ids the explorer's searches and reads returned in this run. */
  readonly observed: ReadonlySet<number>;
  /** Wall time of the explorer tool call (tool call → report), ms. */
  readonly latencyMs: number;
  /**
   * CPU time (user + system) of this process during that call, ms. The explorer runs on one
   * thread (SQLite is synchronous), so this is its work; on a loaded machine `latencyMs` also
   * holds time spent waiting for a core, this does not.
   */
  readonly cpuMs: number;
  /** Tool call → first card update (the pending card), ms; null if none. */
  readonly firstProgressMs: number | null;
  /** Milliseconds inside model calls (the offline engine: its policy), part of `latencyMs`. */
  readonly modelMs: number;
  /** The explorer's executed `search_chats` / `read_chat` calls and their time, part of `latencyMs`. */
  readonly retrieval: RetrievalTimes;
  readonly engineCalls: number;
  readonly engineInputBytes: number;
  readonly engineMaxInputBytes: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  /**
   * The bare-bm25 floor's ranking for this question (`eval/floor/`), best first: at least 10
   * messages and at least as many as the report cites, when the app has that many matches.
   */
  readonly floor: readonly FloorHit[];
  /** Bytes the explorer's own searches and reads cost when replayed as direct primary-agent tool outputs. */
  readonly directBytes: number;
}
