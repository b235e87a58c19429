/**
 * Host validation of the child's submit_report proposal (plan § Evidence Registry and Report
 * Contract: reject unknown, duplicate, cross-app, mismatched and out-of-budget candidate IDs;
 * require findings and conflicts to reference observed evidence). Pure apart from the injected
 * `locate`, which re-checks at report time that each cited message still exists in the same chat
 * of the locked app (a message deleted since observation is never rendered).
 */
import { z } from "zod";
import type { ExplorerBudgets } from "./budgets.js";
import { candidateIdSchema } from "./child-protocol.js";
import type { EvidenceRegistry, Observation } from "./evidence-registry.js";

/**
 * What the submit tool accepts from the model: a superset of `submitReportInputSchema` (the
 * strict child-protocol shape) so that over-long lists or strings become counted host drops and
 * clamps instead of opaque tool-input errors. The host clamps to the DESIGN.md bounds.
 */
export const submitProposalSchema = z.object({
  summary: z.string().max(4000),
  findings: z
    .array(
      z.object({
        claim: z.string().max(2000),
        candidate_ids: z.array(z.string().max(40)).max(24),
      }),
    )
    .max(16),
  conflicts: z
    .array(
      z.object({
        description: z.string().max(2000),
        candidate_ids: z.array(z.string().max(40)).max(24),
      }),
    )
    .max(8)
    .default([]),
  missing_coverage: z.array(z.string().max(1000)).max(10).default([]),
  confidence: z.enum(["high", "medium", "low"]),
});
export type SubmitProposal = z.infer<typeof submitProposalSchema>;

/** Why a cited candidate ID was dropped. */
export type DropReason = "unknown" | "duplicate" | "other_app" | "deleted" | "over_budget";

/** Dropped citation counts by reason. */
export type DroppedCitations = Record<DropReason, number>;

/** Where a message is now, or null when it no longer exists. */
export type MessageLocator = (messageId: number) => { chatId: number; appId: number } | null;

/** A finding or conflict whose citations all resolved. */
export interface ValidatedItem {
  readonly text: string;
  readonly evidence: readonly Observation[];
}

/** The outcome of {@link validateProposal}. Text fields are clamped; evidence is host-resolved. */
export interface ValidatedProposal {
  readonly summary: string;
  readonly findings: readonly ValidatedItem[];
  readonly conflicts: readonly ValidatedItem[];
  readonly modelCoverageNotes: readonly string[];
  readonly proposedConfidence: "high" | "medium" | "low";
  readonly dropped: DroppedCitations;
  /** Findings/conflicts removed because too little of their evidence resolved, or over the cap. */
  readonly droppedItems: number;
  /** Citations in the proposal, and how many resolved. */
  readonly cited: number;
  readonly resolved: number;
}

/** A zeroed {@link DroppedCitations}. */
export function noDrops(): DroppedCitations {
  return { unknown: 0, duplicate: 0, other_app: 0, deleted: 0, over_budget: 0 };
}

/** Total citations dropped. */
export function totalDrops(dropped: DroppedCitations): number {
  return (
    dropped.unknown + dropped.duplicate + dropped.other_app + dropped.deleted + dropped.over_budget
  );
}

/** Cuts `text` to at most `max` UTF-16 units, ending in "…" when cut, never splitting a pair. */
export function clampText(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, Math.max(0, max - 1));
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/**
 * Checks one observation against the store now: null when still valid, else the drop reason.
 * Exported for the evidence-only fallback, which applies the same deletion check.
 */
export function checkObservation(
  observation: Observation,
  appId: number,
  locate: MessageLocator,
): "deleted" | "other_app" | null {
  const where = locate(observation.messageId);
  if (where === null) return "deleted";
  if (where.appId !== appId || where.chatId !== observation.chatId) return "other_app";
  return null;
}

interface ValidateOptions {
  readonly proposal: SubmitProposal;
  readonly registry: EvidenceRegistry;
  readonly appId: number;
  readonly locate: MessageLocator;
  readonly budgets: Pick<
    ExplorerBudgets,
    "maxFindings" | "maxConflicts" | "maxEvidencePerItem" | "maxModelCoverageNotes"
  >;
}

function resolveItem(
  ids: readonly string[],
  options: ValidateOptions,
  dropped: DroppedCitations,
): Observation[] {
  const seen = new Set<string>();
  const evidence: Observation[] = [];
  for (const id of ids) {
    const observation = candidateIdSchema.safeParse(id).success
      ? options.registry.get(id)
      : undefined;
    if (!observation) {
      dropped.unknown += 1;
      continue;
    }
    if (seen.has(id)) {
      dropped.duplicate += 1;
      continue;
    }
    seen.add(id);
    const problem = checkObservation(observation, options.appId, options.locate);
    if (problem) {
      dropped[problem] += 1;
      continue;
    }
    if (evidence.length >= options.budgets.maxEvidencePerItem) {
      dropped.over_budget += 1;
      continue;
    }
    evidence.push(observation);
  }
  return evidence;
}

/**
 * Validates a proposal against the registry and the store. Findings keep ≥ 1 resolved evidence,
 * conflicts ≥ 2; items past 8 findings / 4 conflicts are dropped with their citations counted as
 * `over_budget`. Claim/description ≤ 400 chars, summary ≤ 1,200, coverage notes ≤ 5 × 200.
 */
export function validateProposal(options: ValidateOptions): ValidatedProposal {
  const { proposal, budgets } = options;
  const dropped = noDrops();
  let droppedItems = 0;
  let cited = 0;
  let resolved = 0;
  const collect = (
    items: ReadonlyArray<{ text: string; ids: readonly string[] }>,
    cap: number,
    minimum: number,
  ): ValidatedItem[] => {
    const kept: ValidatedItem[] = [];
    for (const item of items) {
      cited += item.ids.length;
      if (kept.length >= cap) {
        dropped.over_budget += item.ids.length;
        droppedItems += 1;
        continue;
      }
      const evidence = resolveItem(item.ids, options, dropped);
      resolved += evidence.length;
      if (evidence.length < minimum) {
        droppedItems += 1;
        continue;
      }
      kept.push({ text: clampText(item.text.trim(), 400), evidence });
    }
    return kept;
  };
  const findings = collect(
    proposal.findings.map((f) => ({ text: f.claim, ids: f.candidate_ids })),
    budgets.maxFindings,
    1,
  );
  const conflicts = collect(
    proposal.conflicts.map((c) => ({ text: c.description, ids: c.candidate_ids })),
    budgets.maxConflicts,
    2,
  );
  return {
    summary: clampText(proposal.summary.trim(), 1200),
    findings,
    conflicts,
    modelCoverageNotes: proposal.missing_coverage
      .map((note) => clampText(note.trim(), 200))
      .filter((note) => note.length > 0)
      .slice(0, budgets.maxModelCoverageNotes),
    proposedConfidence: proposal.confidence,
    dropped,
    droppedItems,
    cited,
    resolved,
  };
}
