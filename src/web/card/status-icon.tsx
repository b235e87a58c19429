/**
 * One distinct shape per card status so status never depends on colour alone (plan §
 * Accessibility). Icons are decorative (`aria-hidden`): the status word beside them carries the
 * meaning for assistive technology.
 */
import type { CardState } from "../../card/explore-card.js";

const PATHS: Readonly<Record<CardState | "indexing", string>> = {
  // circle arc (spins via CSS)
  pending: "M12 3a9 9 0 1 0 9 9",
  // check in circle
  complete: "M12 3a9 9 0 1 1 0 18a9 9 0 0 1 0-18M8 12.5l2.8 2.8L16.5 9.5",
  // magnifier with minus
  no_match: "M10.5 4a6.5 6.5 0 1 1 0 13a6.5 6.5 0 0 1 0-13M15.2 15.2L20 20M8 10.5h5",
  // half-filled circle
  partial: "M12 3a9 9 0 1 1 0 18a9 9 0 0 1 0-18M12 3v18",
  // clock
  indexing: "M12 3a9 9 0 1 1 0 18a9 9 0 0 1 0-18M12 7v5l3 2",
  // diverging arrows
  conflict: "M12 21v-7M12 14L6 8M12 14l6-6M6 8V4M6 4H10M18 8V4M18 4h-4",
  // triangle with exclamation
  low_confidence: "M12 3.5L21.5 20h-19zM12 10v4.5M12 17.2v.3",
  // square stop
  cancelled: "M12 3a9 9 0 1 1 0 18a9 9 0 0 1 0-18M9 9h6v6H9z",
  // x in circle
  failed: "M12 3a9 9 0 1 1 0 18a9 9 0 0 1 0-18M9 9l6 6M15 9l-6 6",
  // document lines
  evidence_only: "M6 3h9l3 3v15H6zM9 10h6M9 13.5h6M9 17h4",
};

/** The shared decorative SVG frame: a 24-unit viewBox drawn as one `currentColor` stroked path. */
function StrokedIcon(props: {
  readonly className: string;
  readonly sizePx: string;
  readonly path: string;
  readonly dataIcon?: string;
}) {
  return (
    <svg
      className={props.className}
      width={props.sizePx}
      height={props.sizePx}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={props.dataIcon}
    >
      <path d={props.path} />
    </svg>
  );
}

/** The icon for `status`, 18×18 CSS px, `currentColor` stroke. */
export function StatusIcon({ status }: { status: CardState | "indexing" }) {
  return (
    <StrokedIcon
      className={`status-icon status-icon-${status}`}
      sizePx="18"
      path={PATHS[status]}
      dataIcon={status}
    />
  );
}

/** A chevron that rotates with the expanded state (decorative), 16×16 CSS px. */
export function Chevron({ expanded }: { expanded: boolean }) {
  return (
    <StrokedIcon
      className={`chevron${expanded ? " chevron-open" : ""}`}
      sizePx="16"
      path="M9 6l6 6l-6 6"
    />
  );
}
