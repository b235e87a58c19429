/**
 * Message text as markdown, rendered by `react-markdown` with `remark-gfm` (tables, task lists,
 * strikethrough, autolinks). Raw HTML is disabled: react-markdown shows it as text and never
 * injects it. The one HTML construct exports rely on, `<details>`, becomes a native disclosure
 * (see {@link splitDetails}). Images are not loaded (archival text must not fetch from the
 * network): they render as links. Tables scroll inside their own box so a wide table never widens
 * the page. A reply's citation (`[title, date](recollect:chat/C/message/M)`, `card/citation-link.ts`)
 * becomes a link that opens the cited message in this app.
 */
import { useTranslation } from "react-i18next";
import ReactMarkdown, { type Components, defaultUrlTransform } from "react-markdown";
import remarkGfm from "remark-gfm";
import { parseCitationHref } from "../../card/citation-link.js";
import { CitedLink } from "./cited-link.js";
import { type MarkdownBlock, splitDetails } from "./split-details.js";

const REMARK_PLUGINS = [remarkGfm];

/** A task-list box as text for assistive technology, not an unlabeled disabled checkbox. */
function TaskBox({ checked }: { checked: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className="task-box"
      role="img"
      aria-label={checked ? t("app.markdown.taskDone") : t("app.markdown.taskOpen")}
    >
      {checked ? "☑" : "☐"}
    </span>
  );
}

/**
 * A message's own headings sit below the page's (h1 the app, h2 the chat, h3 a card): `#` becomes
 * h3, `##` h4, and so on down to h6, so a pasted `# Title` never reads as a page title.
 */
const DEMOTED_HEADINGS: Components = {
  h1: ({ node: _node, ...props }) => <h3 {...props} />,
  h2: ({ node: _node, ...props }) => <h4 {...props} />,
  h3: ({ node: _node, ...props }) => <h5 {...props} />,
  h4: ({ node: _node, ...props }) => <h6 {...props} />,
  h5: ({ node: _node, ...props }) => <h6 {...props} />,
};

const COMPONENTS: Components = {
  ...DEMOTED_HEADINGS,
  pre: ({ node: _node, ...props }) => (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a code block that scrolls sideways must be reachable by keyboard
    <pre className="code-block" tabIndex={0} {...props} />
  ),
  input: ({ node: _node, type, checked }) =>
    type === "checkbox" ? <TaskBox checked={checked === true} /> : null,
  table: ({ node: _node, ...props }) => (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable table must be reachable by keyboard
    <div className="md-table-wrap" tabIndex={0}>
      <table {...props} />
    </div>
  ),
  a: ({ node: _node, href, children, ...props }) => {
    const cited = href === undefined ? null : parseCitationHref(href);
    if (cited) return <CitedLink address={cited}>{children}</CitedLink>;
    return (
      <a {...props} href={href} target="_blank" rel="noreferrer noopener">
        {children}
      </a>
    );
  },
  img: ({ src, alt }) => (
    <a href={typeof src === "string" ? src : undefined} target="_blank" rel="noreferrer noopener">
      {alt || (typeof src === "string" ? src : "")}
    </a>
  ),
};

/** A citation's `recollect:` address survives (it becomes an in-app link); others as by default. */
const urlTransform = (url: string) =>
  parseCitationHref(url) === null ? defaultUrlTransform(url) : url;

/** What a disclosure's summary line may keep: inline emphasis and code, nothing else. */
const SUMMARY_ELEMENTS = ["strong", "em", "del", "code"];

/** A `<details>` summary: exports write `**3** results`; inline markdown only, on one line. */
function SummaryText({ text }: { text: string }) {
  return (
    <ReactMarkdown
      remarkPlugins={REMARK_PLUGINS}
      allowedElements={SUMMARY_ELEMENTS}
      unwrapDisallowed
    >
      {text}
    </ReactMarkdown>
  );
}

function Blocks({ blocks }: { blocks: readonly MarkdownBlock[] }) {
  const { t } = useTranslation();
  return blocks.map((block, index) =>
    block.kind === "markdown" ? (
      <ReactMarkdown
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks of one text never reorder
        key={index}
        remarkPlugins={REMARK_PLUGINS}
        components={COMPONENTS}
        urlTransform={urlTransform}
      >
        {block.text}
      </ReactMarkdown>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: blocks of one text never reorder
      <details key={index} className="md-details">
        <summary>
          {block.summary ? <SummaryText text={block.summary} /> : t("app.markdown.details")}
        </summary>
        <div className="md-details-body">
          <Blocks blocks={block.blocks} />
        </div>
      </details>
    ),
  );
}

/**
 * Renders `text` (a message's text run) as markdown. `dir="auto"`: a run in Arabic or Hebrew is
 * laid out right to left, one in a left-to-right script left to right, whatever the page's language.
 */
export function Markdown({ text }: { text: string }) {
  return (
    <div className="md" dir="auto">
      <Blocks blocks={splitDetails(text)} />
    </div>
  );
}
