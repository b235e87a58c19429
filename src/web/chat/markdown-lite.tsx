/**
 * Renders message text as "markdown-lite": paragraphs, line breaks, `- ` / `1. ` lists, fenced
 * code blocks, `inline code` and **bold**. Output is React elements built from text nodes only,
 * never `dangerouslySetInnerHTML`, so archival or model text cannot inject markup.
 */
import type { ReactNode } from "react";

type Block =
  | { kind: "paragraph"; lines: string[] }
  | { kind: "list"; ordered: boolean; items: string[] }
  | { kind: "code"; text: string };

const BULLET = /^\s*[-*]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;

/** Splits text into blocks. Pure. */
export function toBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? "";
    if (line.trimStart().startsWith("```")) {
      const body: string[] = [];
      index += 1;
      while (index < lines.length && !(lines[index] ?? "").trimStart().startsWith("```")) {
        body.push(lines[index] ?? "");
        index += 1;
      }
      index += 1; // closing fence (or end of text)
      blocks.push({ kind: "code", text: body.join("\n") });
      continue;
    }
    if (line.trim() === "") {
      index += 1;
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = NUMBERED.exec(line);
    if (bullet || numbered) {
      const ordered = !bullet;
      const pattern = ordered ? NUMBERED : BULLET;
      const items: string[] = [];
      while (index < lines.length) {
        const item = pattern.exec(lines[index] ?? "");
        if (!item) break;
        items.push(item[1] ?? "");
        index += 1;
      }
      blocks.push({ kind: "list", ordered, items });
      continue;
    }
    const paragraph: string[] = [];
    while (index < lines.length) {
      const current = lines[index] ?? "";
      if (current.trim() === "" || current.trimStart().startsWith("```")) break;
      if (paragraph.length > 0 && (BULLET.test(current) || NUMBERED.test(current))) break;
      paragraph.push(current);
      index += 1;
    }
    blocks.push({ kind: "paragraph", lines: paragraph });
  }
  return blocks;
}

/** Inline `code` and **bold**, as React nodes. */
function inline(text: string, keyPrefix: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  const pattern = /`([^`\n]+)`|\*\*([^*\n]+)\*\*/g;
  let cursor = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index ?? 0;
    if (start > cursor) nodes.push(text.slice(cursor, start));
    const key = `${keyPrefix}-${start}`;
    if (match[1] !== undefined) nodes.push(<code key={key}>{match[1]}</code>);
    else nodes.push(<strong key={key}>{match[2]}</strong>);
    cursor = start + match[0].length;
  }
  if (cursor < text.length) nodes.push(text.slice(cursor));
  return nodes;
}

/** Renders `text` as markdown-lite blocks. */
export function MarkdownLite({ text }: { text: string }) {
  return (
    <>
      {toBlocks(text).map((block, blockIndex) => {
        const key = `b${blockIndex}`;
        if (block.kind === "code") {
          return (
            <pre key={key} className="code-block">
              <code>{block.text}</code>
            </pre>
          );
        }
        if (block.kind === "list") {
          const items = block.items.map((item, itemIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity but position
            <li key={itemIndex}>{inline(item, `${key}-${itemIndex}`)}</li>
          ));
          return block.ordered ? <ol key={key}>{items}</ol> : <ul key={key}>{items}</ul>;
        }
        return (
          <p key={key}>
            {block.lines.flatMap((line, lineIndex) =>
              lineIndex === 0
                ? inline(line, `${key}-${lineIndex}`)
                : [
                    // biome-ignore lint/suspicious/noArrayIndexKey: lines of a paragraph have no identity but position
                    <br key={`${key}-br${lineIndex}`} />,
                    ...inline(line, `${key}-${lineIndex}`),
                  ],
            )}
          </p>
        );
      })}
    </>
  );
}
