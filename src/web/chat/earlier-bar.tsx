/**
 * The top of a chat longer than what is shown (the server sends 500 messages at a time): says how
 * many of how many are shown, and loads the page before them. Focus stays on the button while
 * more remain, and moves to the list once the chat is whole (the button is gone).
 */
import { useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/** A chat's messages before the shown window. */
export interface EarlierMessages {
  /** How many messages the chat holds. */
  readonly total: number;
  /** Loads the page before the first shown message; resolves when it is shown. */
  readonly load: () => Promise<void>;
}

/** Props: the earlier messages, and how many are shown now. */
export interface EarlierBarProps {
  readonly earlier: EarlierMessages;
  readonly shown: number;
}

/** The bar. */
export function EarlierBar({ earlier, shown }: EarlierBarProps) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  const load = async () => {
    if (loading) return;
    setLoading(true);
    try {
      await earlier.load();
    } finally {
      setLoading(false);
    }
  };
  // Once nothing earlier is left the bar goes away: focus moves from its button to the list it was
  // in, not to <body>.
  useLayoutEffect(() => {
    const element = bar.current;
    const list = element?.closest<HTMLElement>(".messages");
    return () => {
      if (element?.contains(document.activeElement)) list?.focus({ preventScroll: true });
    };
  }, []);
  return (
    <div className="earlier-bar" ref={bar} data-notice="earlier">
      <p>{t("app.earlier.shown", { shown, total: earlier.total })}</p>
      <button
        type="button"
        className="button secondary"
        // Not `disabled`: that would drop the focus of the button just pressed.
        aria-busy={loading}
        onClick={() => void load()}
      >
        {t("app.earlier.load")}
      </button>
    </div>
  );
}
