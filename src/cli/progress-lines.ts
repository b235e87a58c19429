/**
 * The CLI's progress lines (`explore`, `demo`): one `· …` line per explore progress event, but never
 * the same line twice in a row. An event is emitted whenever a count grows (`progress.ts`), and a
 * second read in a chat already read grows the read count while the line shows chats
 * ("Reading 5 relevant discussions…"), which printed the same line again.
 */
import { describeProgress } from "../agent/tools/explore-chat-history/progress.js";
import type { ExploreProgress } from "../card/explore-progress.js";

/**
 * A progress handler that writes `· <describeProgress(event)>` through `write` (one call per line,
 * the text without a newline) unless it repeats the line written last. Never throws but for `write`.
 */
export function progressLines(write: (line: string) => void): (event: ExploreProgress) => void {
  let last: string | null = null;
  return (event) => {
    const line = `· ${describeProgress(event)}`;
    if (line === last) return;
    last = line;
    write(line);
  };
}
