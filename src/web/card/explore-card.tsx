/**
 * The `<dyad-explore-chat-history>` card (plan § User Experience, Key States, Accessibility).
 *
 * - Header: a real `<button>` with `aria-expanded`/`aria-controls` and a full accessible name
 *   (whole query + status), a status icon and status word (never colour alone).
 * - A polite live region announces phase and state changes only (never counts or tokens).
 * - Only complete + high confidence + full coverage starts collapsed; the collapsed header reads
 *   "N chats · M evidence targets". Every other state stays expanded with its warning.
 * - Model text is labelled "analysis"; host-resolved excerpts are labelled "evidence".
 */
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ExploreCard as ExploreCardData } from "../../card/explore-card.js";
import type { ExploreChatHistoryReport } from "../../card/report-schema.js";
import {
  announcementKey,
  type DrawnEvidence,
  drawnEvidence,
  headerCounts,
  startsCollapsed,
  statusKey,
} from "./card-view.js";
import { EvidenceList } from "./evidence-list.js";
import { failureKind } from "./failure-kind.js";
import { Chevron, StatusIcon } from "./status-icon.js";

/** Props: the parsed card. The caller keys it by tool call so state survives updates. */
export interface ExploreCardProps {
  readonly card: ExploreCardData;
}

/** The history-exploration card in any state. */
export function ExploreCard({ card }: ExploreCardProps) {
  const { t } = useTranslation();
  const bodyId = useId();
  const collapsedByDefault = startsCollapsed(card);
  // null: follow the state's default (so a pending card collapses when it completes); a boolean
  // once the person toggles.
  const [userExpanded, setUserExpanded] = useState<boolean | null>(null);
  const expanded = userExpanded ?? !collapsedByDefault;

  const status = statusKey(card);
  const statusText = t(`card.status.${status}`);
  const counts = headerCounts(card);
  const countsText = counts
    ? `${t("card.chats", { count: counts.chats })} · ${t("card.targets", { count: counts.evidence })}`
    : null;
  const phaseText = pendingPhaseText(card, t);
  const summaryText = card.state === "pending" ? phaseText : countsText;
  const announcement = useAnnouncement(card, card.state === "pending" ? phaseText : statusText);
  // The accessible name repeats the visible text in order (WCAG 2.5.3, label in name), with the
  // whole query even when the visible one is cut by an ellipsis.
  const accessibleName = [statusText, t("card.title"), card.query, summaryText]
    .filter(Boolean)
    .join(" ");

  return (
    <div
      className={`explore-card explore-card-${card.state} ${expanded ? "is-expanded" : "is-collapsed"}`}
      data-state={card.state}
      data-status={status}
    >
      <h3 className="explore-card-heading">
        <button
          type="button"
          className="explore-card-toggle"
          aria-expanded={expanded}
          aria-controls={bodyId}
          aria-label={accessibleName}
          title={card.query}
          onClick={() => setUserExpanded(!expanded)}
        >
          <span className="status-chip">
            <StatusIcon status={status} />
            <span className="status-text">{statusText}</span>
          </span>{" "}
          <span className="explore-card-title">{t("card.title")}</span>{" "}
          <span className="explore-card-query">{card.query}</span>{" "}
          {summaryText ? <span className="explore-card-summary">{summaryText}</span> : null}
          <Chevron expanded={expanded} />
        </button>
      </h3>
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      <div id={bodyId} className="explore-card-body" hidden={!expanded}>
        <CardBody card={card} phaseText={phaseText} />
      </div>
    </div>
  );
}

type Translate = ReturnType<typeof useTranslation>["t"];

function pendingPhaseText(card: ExploreCardData, t: Translate): string {
  if (card.state !== "pending") return "";
  const { phase, discussions } = card.progress;
  if (phase === "reading") return t("card.phase.reading", { count: discussions });
  return t(`card.phase.${phase}`);
}

/**
 * The live-region text: updated only when {@link announcementKey} changes, so count-only updates
 * (new searches within one phase) are not re-announced.
 */
function useAnnouncement(card: ExploreCardData, text: string): string {
  const key = announcementKey(card);
  const [announced, setAnnounced] = useState({ key, text });
  useEffect(() => {
    setAnnounced((previous) => (previous.key === key ? previous : { key, text }));
  }, [key, text]);
  return announced.text;
}

function CardBody({ card, phaseText }: { card: ExploreCardData; phaseText: string }) {
  const { t } = useTranslation();
  switch (card.state) {
    case "pending":
      return (
        <div className="card-pending">
          <p className="phase-line">
            <span className="spinner" aria-hidden="true" />
            {phaseText}
          </p>
          <p className="counts-line">
            {t("card.counts.searches", { count: card.progress.searches })} ·{" "}
            {t("card.counts.reads", { count: card.progress.reads })}
          </p>
          <p className="disclosure">{t("card.disclosure")}</p>
        </div>
      );
    case "cancelled":
      return <p className="notice notice-cancelled">{t("card.cancelled")}</p>;
    case "failed": {
      const kind = failureKind(card.error.kind);
      return (
        <div className="notice notice-failed">
          <p className="notice-title">{t("card.failed.title")}</p>
          <p>{t(`card.failed.kind.${kind}`)}</p>
          {card.error.message ? <p className="error-detail">{card.error.message}</p> : null}
        </div>
      );
    }
    case "no_match":
      return (
        <div className="notice notice-no-match">
          <p className="notice-title">{t("card.noMatch.title")}</p>
          <p>{t("card.noMatch.advice")}</p>
          <Warnings report={card.report} />
        </div>
      );
    case "evidence_only":
      return (
        <>
          <div className="notice notice-evidence-only">
            <p className="notice-title">{t("card.evidenceOnly.title")}</p>
            <p>{t("card.evidenceOnly.note")}</p>
          </div>
          <Warnings report={card.report} skipSynthesisReason />
          <EvidenceList targets={allDrawn(drawnEvidence(card.report))} />
        </>
      );
    default:
      return <ReportBody report={card.report} lowConfidence={card.state === "low_confidence"} />;
  }
}

/** Every drawn evidence target, each message once, in the card's order (evidence-only fallback). */
function allDrawn(drawn: DrawnEvidence) {
  return [...drawn.conflicts, ...drawn.findings].flat();
}

function Warnings({
  report,
  skipSynthesisReason = false,
}: {
  report: ExploreChatHistoryReport;
  skipSynthesisReason?: boolean;
}) {
  const { t } = useTranslation();
  const warnings: string[] = [];
  if (report.index_status === "indexing") warnings.push(t("card.indexing"));
  if (
    report.partial_reason &&
    report.partial_reason !== "index_incomplete" &&
    !(skipSynthesisReason && report.partial_reason === "synthesis_failed")
  ) {
    warnings.push(t(`card.partialReason.${report.partial_reason}`));
  }
  if (report.partial_reason === "index_incomplete" && report.index_status !== "indexing") {
    warnings.push(t("card.partialReason.index_incomplete"));
  }
  if (warnings.length === 0) return null;
  return (
    <ul className="warnings">
      {warnings.map((warning) => (
        <li key={warning} className="warning">
          <StatusIcon status="low_confidence" />
          <span>{warning}</span>
        </li>
      ))}
    </ul>
  );
}

function ReportBody({
  report,
  lowConfidence,
}: {
  report: ExploreChatHistoryReport;
  lowConfidence: boolean;
}) {
  const { t } = useTranslation();
  const drawn = drawnEvidence(report);
  return (
    <>
      <Warnings report={report} />
      {lowConfidence ? (
        <p className="notice notice-low-confidence">{t("card.lowConfidence")}</p>
      ) : null}
      {report.conflicts.length > 0 ? (
        <div className="conflicts">
          <h4 className="section-title">{t("card.conflict.title")}</h4>
          <p className="conflict-note">{t("card.conflict.note")}</p>
          {report.conflicts.map((conflict, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: conflicts are an ordered, fixed list
            <div className="conflict" key={index}>
              <p className="analysis-text">
                <span className="label label-analysis">{t("card.label.analysis")}</span>
                {conflict.description}
              </p>
              <EvidenceList targets={drawn.conflicts[index] ?? []} />
            </div>
          ))}
        </div>
      ) : null}
      {report.summary ? (
        <div className="analysis">
          <span className="label label-analysis">{t("card.label.analysis")}</span>
          <p className="analysis-text">{report.summary}</p>
        </div>
      ) : null}
      {report.findings.length > 0 ? (
        <div className="findings">
          <h4 className="section-title">{t("card.findings")}</h4>
          <ol className="finding-list">
            {report.findings.map((finding, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: findings are an ordered, fixed list
              <li className="finding" key={index}>
                <p className="analysis-text">
                  <span className="label label-analysis">{t("card.label.analysis")}</span>
                  {finding.claim}
                </p>
                <EvidenceList targets={drawn.findings[index] ?? []} />
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {report.missing_coverage.length > 0 ? (
        <div className="missing">
          <h4 className="section-title">{t("card.missingCoverage")}</h4>
          <ul>
            {report.missing_coverage.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="confidence">{t(`card.confidence.${report.confidence}`)}</p>
    </>
  );
}
