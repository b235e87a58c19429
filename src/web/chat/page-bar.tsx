/**
 * The edge of a chat longer than what is shown (the server sends 500 messages at a time): above
 * the messages when there are earlier ones, below them when there are later ones (a window opened
 * around a cited message deep in a long chat). Each says how many of how many are shown and loads
 * the next page that way. Focus stays on the button while more remain, and moves to the list once
 * that end is reached (the button is gone).
 */
import { useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/** A chat's messages beyond one end of the shown window. */
export interface MoreMessages {
  /** How many messages the chat holds. */
  readonly total: number;
  /** Loads the next page past that end; resolves when it is shown. */
  readonly load: () => Promise<void>;
}

/** Props: which end, the messages past it, how many are shown now, and whether both ends are open. */
export interface PageBarProps {
  readonly edge: "earlier" | "later";
  readonly more: MoreMessages;
  readonly shown: number;
  /** True when the window is open at both ends: the shown ones are not "the latest". */
  readonly middle: boolean;
}

/** The bar. */
export function PageBar({ edge, more, shown, middle }: PageBarProps) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  const load = async () => {
    if (loading) return;
    setLoading(true);
    try {
      await more.load();
    } finally {
      setLoading(false);
    }
  };
  // Once nothing is left past this end the bar goes away: focus moves from its button to the list
  // it was in, not to <body>.
  useLayoutEffect(() => {
    const element = bar.current;
    const list = element?.closest<HTMLElement>(".messages");
    return () => {
      if (element?.contains(document.activeElement)) list?.focus({ preventScroll: true });
    };
  }, []);
  const counts = { shown, total: more.total };
  return (
    <div className="earlier-bar" ref={bar} data-notice={edge}>
      <p>
        {edge === "earlier" && !middle
          ? t("app.earlier.shown", counts)
          : t("app.earlier.shownPart", counts)}
      </p>
      <button
        type="button"
        className="button secondary"
        // Not `disabled`: that would drop the focus of the button just pressed.
        aria-busy={loading}
        onClick={() => void load()}
      >
        {t(edge === "earlier" ? "app.earlier.load" : "app.earlier.loadLater")}
      </button>
    </div>
  );
}
