import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { markRecallRequest } from "../../importers/recollect-tool-calls.js";
import { SPECSTORY_CURSOR } from "../../importers/testing/synthetic-histories.js";
import { describeRequiring, SHARED_CORPUS } from "../../test/require-resource.js";
import { MAX_PROJECTION_CHARS, projectMessage } from "./project-message.js";
import { historyToolReply } from "./reply-content.js";

/** True when `text` holds a C0 control other than tab/newline or a lone surrogate. */
function hasUnsafeChar(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return true;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      index += 1;
    } else if (code >= 0xdc00 && code <= 0xdfff) return true;
  }
  return false;
}

const assistant = (content: string, source = "jsonl") =>
  projectMessage({ source, role: "assistant", content }).text;

function corpusFile(name: string): string {
  return readFileSync(join(SHARED_CORPUS.path, name), "utf8");
}

describe("projectMessage", () => {
  it("removes a private span whose tags were escaped as entities, for both roles, any source", () => {
    const content = "Plan: &lt;private&gt;xiomicron hint&lt;/private&gt; then ship &amp; test";
    for (const role of ["user", "assistant"] as const) {
      expect(projectMessage({ source: "specstory", role, content }).text).toBe(
        "Plan: then ship & test",
      );
      expect(projectMessage({ source: "jsonl", role, content }).text).toBe(
        "Plan: then ship &amp; test",
      );
      const twice = "a &amp;lt;private&amp;gt;xiomicron&amp;lt;/private&amp;gt; b";
      expect(projectMessage({ source: "specstory", role, content: twice }).text).toBe("a b");
      const typed = "a <private>xiomicron</private> &lt;b&gt;";
      expect(projectMessage({ source: "jsonl", role, content: typed }).text).toBe("a &lt;b&gt;");
    }
  });

  it("keeps user text with whitespace normalized, code included", () => {
    expect(
      projectMessage({
        source: "jsonl",
        role: "user",
        content: "  How do we\t\tdeploy?\r\n\n\n\n```sh\nls\n```  ",
      }),
    ).toEqual({ text: "How do we deploy?\n\n```sh\nls\n```", truncated: false, notEvidence: null });
  });

  it("drops thinking, including the SpecStory <think><details> form and an unclosed block", () => {
    expect(assistant("A <think>private plan</think>B")).toBe("A B");
    expect(
      assistant(
        "<think><details><summary>Thought Process</summary>\n**Evaluating**\n</details></think>\n\nUse Postgres.",
      ),
    ).toBe("Use Postgres.");
    expect(assistant("Answer first. <think>never closed, all of this")).toBe("Answer first.");
  });

  it("turns a file write into a label with allowed attributes and drops its body", () => {
    expect(
      assistant(
        'Done.\n<dyad-write path="src/a.ts" description="Add login" secret="x">const a = 1;\n```\nnested\n```\n</dyad-write>\nNext.',
      ),
    ).toBe("Done.\n\n[write: src/a.ts — Add login]\n\nNext.");
  });

  it("drops recursive history-tool output entirely, prose that restates it included", () => {
    for (const card of [
      '<dyad-search-chats query="auth">old hit</dyad-search-chats>',
      '<dyad-read-chat chat="3">old read</dyad-read-chat>',
      '<dyad-explore-chat-history state="complete">report body</dyad-explore-chat-history>',
      "<dyad-explore-chat-history/>",
    ]) {
      expect(
        projectMessage({
          source: "jsonl",
          role: "assistant",
          content: `Before ${card} You chose Clerk for authentication.`,
        }),
      ).toEqual({ text: "", truncated: false, notEvidence: "history_answer" });
    }
    expect(
      projectMessage({ source: "jsonl", role: "user", content: "<dyad-read-chat> is a tag" }).text,
    ).toBe("<dyad-read-chat> is a tag");
    // A different dyad tag is not a history card: it fails closed as before, not to the label.
    expect(assistant("We use <dyad-reader> components and Clerk.")).toBe("We use\n[reader]");
  });

  it("removes fenced code of any fence length, backticks or tildes, unclosed to the end", () => {
    expect(
      assistant("See:\n````ts\nconst a = 1;\n```\nstill code\n````\nThen ~~~\n~~~py\nx\n~~~\nEnd"),
    ).toBe("See:\n[code: ts]\nThen ~~~\n[code: py]\nEnd");
    expect(assistant("Prose\n```\nnever closed\nmore")).toBe("Prose\n[code]");
  });

  it("removes diffs and aider SEARCH/REPLACE blocks", () => {
    expect(
      assistant(
        "Change:\ndiff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-old\n+new\nKept prose.\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\nDone.",
      ),
    ).toBe("Change:\n[diff]\nKept prose.\n[edit]\nDone.");
  });

  it("closes a fenced diff only at a fence at the line start: an indented one is the diffed file's", () => {
    const readmeDiff = [
      "Updated the README:",
      "```diff",
      "  ```bash",
      "- bun run old",
      "+ bun run new",
      "  ```",
      "```",
      "Created a basic CLI structure using the commander package.",
      "```bash",
      "bun install",
      "```",
      "Done.",
    ].join("\n");
    expect(assistant(readmeDiff)).toBe(
      "Updated the README:\n[code: diff]\nCreated a basic CLI structure using the commander package.\n[code: bash]\nDone.",
    );
  });

  it("fails closed on unknown tags, keeps inline code, and collapses duplicated tool labels", () => {
    expect(assistant('A <widget id="9" provider="acme">payload</widget> B `<Button>` C')).toBe(
      "A\n[widget: acme]\nB `<Button>` C",
    );
    expect(
      assistant(
        '<tool-use data-tool-type="read" data-tool-name="read_file_v2"><details><summary>Tool use: **read_file_v2** • Read file: a.ts</summary>\nbody\n</details></tool-use>\n\n<tool-use data-tool-type="read" data-tool-name="read_file_v2"><details>\n<summary>Tool use: **read_file_v2**</summary>\n\n</details></tool-use>\nSummary.',
      ),
    ).toBe("[tool-use: read_file_v2]\n\nSummary.");
  });

  it("unescapes HTML entities once for a source that escapes its text, and redacts credentials", () => {
    const content =
      "a &amp;&amp; b &lt;tag&gt; &amp;lt; &#x41;&#66; key=sk-ant-0123456789abcdefghij";
    expect(assistant(content, "specstory")).toBe("a && b <tag> &lt; AB key=[REDACTED]");
  });

  it("keeps entities as written for every source that stores text unescaped", () => {
    for (const source of ["jsonl", "claude-code", "codex", "aider", "dyad", "web", "demo"]) {
      for (const role of ["user", "assistant"] as const) {
        expect(projectMessage({ source, role, content: "&lt;b&gt; &amp; &#65;" }).text).toBe(
          "&lt;b&gt; &amp; &#65;",
        );
      }
    }
  });

  it("bounds the text and flags truncation", () => {
    const long = projectMessage({ source: "jsonl", role: "user", content: "word ".repeat(5_000) });
    expect(long.truncated).toBe(true);
    expect(long.text.length).toBeLessThanOrEqual(MAX_PROJECTION_CHARS);
    expect(long.text.endsWith("word")).toBe(true);
  });

  it("leaves only prose of a SpecStory v2.1.0 Cursor export", () => {
    const text = assistant(SPECSTORY_CURSOR);
    expect(text).not.toMatch(/<tool-use|<details|Directory: \*\*|worker\.ts/);
    expect(text).toContain("Use a Postgres-backed queue (SKIP LOCKED) for the export jobs");
    expect(text).toContain("[tool-use: glob_file_search]");
  });

  it("never throws, stays bounded and has no control characters or lone surrogates", () => {
    const markupChars = fc.constantFrom(
      "<",
      ">",
      "/",
      "`",
      "~",
      "&",
      ";",
      "#",
      '"',
      "=",
      "\n",
      " ",
    );
    const soup = fc
      .array(
        fc.oneof(
          fc.string({ unit: "grapheme" }),
          markupChars,
          fc.constantFrom(
            "<think>",
            "</think>",
            '<dyad-write path="a">',
            "</dyad-write>",
            "```",
            "~~~~",
            "<details>",
            "<<<<<<< SEARCH",
            ">>>>>>> REPLACE",
            "diff --git a b",
            "&lt;",
            "&#xD800;",
            "<x/>",
          ),
        ),
        { maxLength: 60 },
      )
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(
        fc.constantFrom("user" as const, "assistant" as const),
        fc.oneof(soup, fc.string({ unit: "binary" })),
        (role, content) => {
          const projection = projectMessage({ source: "jsonl", role, content });
          expect(projection.text.length).toBeLessThanOrEqual(MAX_PROJECTION_CHARS);
          expect(hasUnsafeChar(projection.text)).toBe(false);
          const again = projectMessage({ source: "jsonl", role, content: projection.text });
          expect(again.text.length).toBeLessThanOrEqual(projection.text.length + 2);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("is stable when a removed tag uncovers a fence (found by the property test)", () => {
    const once = assistant("</think>```");
    expect(once).toBe("[code]");
    expect(assistant(once)).toBe(once);
  });

  it("is idempotent on text without markup", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[\p{L}\p{N} .,!?\n]{0,400}$/u), (content) => {
        const once = projectMessage({ source: "jsonl", role: "assistant", content }).text;
        expect(projectMessage({ source: "jsonl", role: "assistant", content: once }).text).toBe(
          once,
        );
      }),
    );
  });
});

describe("projectMessage of a user turn answered by a history tool", () => {
  it("projects such a turn to its statements, or to no text and not evidence when none is left", () => {
    const answered = (content: string, query: string | null) => {
      const projection = projectMessage({
        source: "jsonl",
        role: "user",
        content,
        answeredByHistoryTool: { query },
      });
      return [projection.text, projection.notEvidence];
    };
    expect(
      answered("Use Postgres; what did we decide about <private>sk-x</private> auth?", null),
    ).toEqual(["Use Postgres;", null]);
    expect(answered("What did we decide?", null)).toEqual(["", "history_question"]);
    expect(answered("We use Postgres. Remind me what we chose.", "what did we choose")).toEqual([
      "We use Postgres.",
      null,
    ]);
    expect(answered("Remind me which database we use", "which database do we use")).toEqual([
      "",
      "history_question",
    ]);
  });
});

describe("a reply marked as answering a prompt put to Recollect after other steps", () => {
  it("keeps the reply's own words as evidence and makes the prompt before it a history question", () => {
    const reply = markRecallRequest("I'll look at the config first.", 'which "db"');
    expect(projectMessage({ source: "claude-code", role: "assistant", content: reply })).toEqual({
      text: "I'll look at the config first.",
      truncated: false,
      notEvidence: null,
    });
    const asked = historyToolReply({ reply_content: reply, reply_is_recall_notice: 0 });
    expect(asked).toEqual({ query: 'which "db"' });
    expect(
      projectMessage({
        source: "claude-code",
        role: "user",
        content: "Which db did we pick?",
        answeredByHistoryTool: asked,
      }),
    ).toEqual({ text: "", truncated: false, notEvidence: "history_question" });
  });
});

describe("projectMessage of a fixed reply Recollect wrote", () => {
  it("projects to no text and not evidence, whatever it says; the same words from a model stay", () => {
    expect(
      projectMessage({
        source: "jsonl",
        role: "assistant",
        content: "Noted.",
        recollectReply: true,
      }),
    ).toEqual({
      text: "",
      truncated: false,
      notEvidence: "recollect_reply",
    });
    expect(
      projectMessage({
        source: "jsonl",
        role: "assistant",
        content: "Noted.",
        recollectReply: false,
      }),
    ).toEqual({ text: "Noted.", truncated: false, notEvidence: null });
  });
});

describeRequiring([SHARED_CORPUS], "projectMessage on the real corpus", () => {
  it("leaves only prose of a real SpecStory v2.1.0 Cursor export", () => {
    const file = corpusFile(
      "specstory/Bucur21__PaperBites__2026-04-07_19-39-04Z-website-deployment-options-with-database.md",
    );
    const text = assistant(file, "specstory");
    expect(text).not.toMatch(/<tool-use|<think|Thought Process|<details|```|Directory: \*\*/);
    expect(text).toContain("Here’s a concise picture that matches your repo");
    expect(text).toContain("[tool-use: glob_file_search]");
  });
});
