/**
 * Prints an agent event stream to a terminal: answer text as it streams, each tool call and its
 * card as compact `·` lines (a line is printed only when it changes), classified failures, and
 * `(cancelled)` for an aborted turn. A finished explorer card is the terminal's card: its report
 * is printed in full (indented) under its line, since the answer under it no longer repeats it.
 */
import type { HistoryCard } from "../../../card/history-card.js";
import type { AgentEvent, AgentEventSink } from "../../../contracts/agent-events.js";
import { formatReportText } from "../../tools/explore-chat-history/report-text.js";
import { compactCardText } from "./compact-card.js";

/** The finished explorer report a card shows, or null (pending, cancelled, failed, legacy). */
function finishedReport(card: HistoryCard) {
  return card.kind === "explore" && "report" in card.card ? card.card.report : null;
}

function indented(text: string): string {
  return text
    .trimEnd()
    .split("\n")
    .map((line) => (line ? `  ${line}` : line))
    .join("\n");
}

/**
 * Builds a sink writing to `write`. One printer per turn. `answerPrefix` (e.g. `"assistant> "`)
 * is written once, before the first answer text.
 */
export function createTerminalPrinter(
  write: (text: string) => void,
  answerPrefix = "",
): AgentEventSink {
  const lastLine = new Map<string, string>();
  let midLine = false;
  let answering = false;
  const line = (text: string) => {
    write(`${midLine ? "\n" : ""}· ${text}\n`);
    midLine = false;
  };
  return (event: AgentEvent) => {
    switch (event.type) {
      case "turn-start":
        return;
      case "text-delta":
        if (!answering) {
          answering = true;
          write(answerPrefix);
        }
        write(event.delta);
        midLine = !event.delta.endsWith("\n");
        return;
      case "tool-call-start":
        line(`${event.toolName}`);
        return;
      case "card-update": {
        const text = compactCardText(event.card);
        if (lastLine.get(event.toolCallId) === text) return;
        lastLine.set(event.toolCallId, text);
        line(text);
        {
          const report = finishedReport(event.card);
          if (report) write(`${indented(formatReportText(report))}\n`);
        }
        return;
      }
      case "tool-result":
        if (!event.ok)
          line(`${event.toolName} failed (${event.error.kind}): ${event.error.message}`);
        return;
      case "turn-finish":
        write(midLine ? "\n" : "");
        midLine = false;
        return;
      case "turn-error":
        write(
          `${midLine ? "\n" : ""}${event.error.kind === "aborted" ? "(cancelled)" : `Error (${event.error.kind}): ${event.error.message}`}\n`,
        );
        midLine = false;
        return;
    }
  };
}
