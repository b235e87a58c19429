/**
 * A failed turn's notice, under its question: what happened in the person's words (by the error's
 * classified kind, the same copy a failed card uses; or that the server went away), the classified
 * message naming the cause (an HTTP status, a timeout), and Retry, which asks the question again.
 */
import { useTranslation } from "react-i18next";
import { failureKind } from "../card/failure-kind.js";
import type { LiveTurn } from "./use-turn.js";

/** Props: the ended turn (its `error` set) and what Retry does. */
export interface TurnFailureProps {
  readonly live: LiveTurn;
  readonly onRetry: (live: LiveTurn) => void;
}

/** The notice; renders nothing for a turn without an error. */
export function TurnFailure({ live, onRetry }: TurnFailureProps) {
  const { t } = useTranslation();
  const { error } = live;
  if (error === null) return null;
  const what = live.connectionLost
    ? t("app.connectionLost")
    : t(`card.failed.kind.${failureKind(error.kind)}`);
  return (
    <div
      className="turn-failure"
      role="alert"
      data-error-kind={live.connectionLost ? "network" : error.kind}
    >
      <p className="notice-title">{t("app.noAnswer")}</p>
      <p>{what}</p>
      {error.message && !live.connectionLost ? (
        <p className="error-detail">{error.message}</p>
      ) : null}
      <button type="button" className="button secondary" onClick={() => onRetry(live)}>
        {t("app.retry")}
      </button>
    </div>
  );
}
