/**
 * English strings: the reference locale. Every other locale must have exactly these keys
 * (plural keys may differ only by CLDR plural suffix; `locales.test.ts` enforces it).
 * Interpolations use `{{name}}`; i18next escaping stays on, React renders text only.
 */
export const en = {
  app: {
    title: "Recollect",
    tagline: "Recall earlier decisions from this app's chats",
    nav: { label: "Main", chat: "Chat", permissions: "Permissions" },
    language: "Language",
    appPicker: "App",
    noApps: {
      title: "No apps yet: import a chat history to ask about it.",
      import: "Import a history (files or folders):",
      sync: "Or import the agents' histories on this machine:",
    },
    conversation: "Conversation",
    chats: "Chats",
    newChat: "New chat",
    noChats: "No chats in this app yet.",
    untitledChat: "Untitled chat",
    pickChat:
      "New chat: your first message starts a chat of your own. The imported chats are the archive the explorer reads.",
    ownChats: "Your chats",
    importedChats: "Imported chats",
    noOwnChats: "None yet: a message starts one.",
    archiveNotice:
      "This is an imported chat, part of the archive the explorer reads; it stays as its source wrote it. Sending starts a new chat of your own.",
    composerLabel: "Message",
    composerPlaceholder: "Ask about earlier decisions…",
    send: "Send",
    stop: "Stop",
    thinking: "Working…",
    role: { user: "You", assistant: "Assistant" },
    storeReadOnly:
      "This store is read-only: you can browse its chats, but new messages cannot be saved. Make the store file and its folder writable to chat.",
    appNotFound: "This app was not found. Pick an app from the list.",
    loadFailed: "Could not load: {{message}}",
    turnStopped: "Stopped.",
    serverUnreachable:
      "The Recollect server could not be reached. Is recollect serve still running?",
    notSent: "Your message was not sent: {{message}} It is still in the box below.",
    connectionLost: "The connection to the Recollect server was lost during this turn.",
    noAnswer: "No answer",
    retry: "Retry",
    chatHeader: {
      own: "Your chat",
      kept: "Only in Recollect",
      keptHint: "The agent deleted this chat’s file; Recollect keeps its copy.",
    },
    earlier: {
      shown: "Showing the latest {{shown}} of {{total}} messages.",
      load: "Load earlier messages",
      shownPart: "Showing {{shown}} of {{total}} messages.",
      loadLater: "Load later messages",
    },
    skipToContent: "Skip to content",
    markdown: { details: "Details", taskDone: "Done", taskOpen: "To do" },
    drawer: { close: "Close" },
    target: {
      cited: "Cited message",
      back: "Back to the answer",
      notFound: "This message is not in this app's history.",
    },
  },
  card: {
    title: "Chat history",
    accessibleName: "Chat history exploration: {{query}}",
    question: "Question",
    disclosure: "Bounded same-app chat history is sent to the Engine for synthesis.",
    phase: {
      starting: "Starting exploration…",
      searching: "Searching prior chats…",
      reading_one: "Reading {{count}} relevant discussion…",
      reading_other: "Reading {{count}} relevant discussions…",
      checking_conflicts: "Checking conflicting decisions…",
      synthesizing: "Synthesizing evidence…",
    },
    counts: {
      searches_one: "{{count}} search",
      searches_other: "{{count}} searches",
      reads_one: "{{count}} read",
      reads_other: "{{count}} reads",
    },
    status: {
      pending: "Exploring",
      complete: "Complete",
      no_match: "No match",
      partial: "Partial",
      indexing: "Index incomplete",
      conflict: "Conflict",
      low_confidence: "Low confidence",
      cancelled: "Cancelled",
      failed: "Failed",
      evidence_only: "Evidence only",
    },
    chats_one: "{{count}} chat",
    chats_other: "{{count}} chats",
    targets_one: "{{count}} evidence target",
    targets_other: "{{count}} evidence targets",
    confidence: {
      high: "Confidence: high",
      medium: "Confidence: medium",
      low: "Confidence: low",
    },
    noMatch: {
      title: "No relevant prior discussion found",
      advice:
        "This does not prove it was never discussed: it may have been worded differently, or discussed outside these chats.",
    },
    indexing: "The history index is still being built, so recall may be incomplete.",
    partialReason: {
      synthesis_failed: "Synthesis failed, so only observed evidence is shown.",
      tool_failed:
        "A search or read failed with an internal error, so some history may be missing.",
      index_incomplete: "The index was still being built; some chats may be missing.",
      budget_exhausted: "The exploration budget ran out before every lead was checked.",
      results_truncated: "Some search or read results were cut at their size limit.",
      citations_dropped: "Some citations could not be verified and were removed.",
      report_clamped: "The report was shortened to fit its size limit.",
      weak_evidence:
        "Related messages were found, but they answer the question only weakly: read them before relying on them.",
    },
    conflict: {
      title: "Competing statements",
      note: "Recency informs but does not decide: check which decision still stands.",
    },
    lowConfidence: "Low confidence: treat this as a lead to verify, not an answer.",
    cancelled: "Exploration cancelled. Nothing more will be added to this card.",
    failed: {
      title: "Exploration failed",
      kind: {
        precondition: "A requirement is missing (Pro or Engine settings). Check your setup.",
        not_found: "The requested history was not found in this app.",
        invalid_input: "The question was not accepted. Rephrase it and try again.",
        user_cancelled: "Permission was declined. Change it on the Permissions page to allow it.",
        budget_exhausted: "The exploration budget ran out before anything was found.",
        provider: "The Engine did not answer as expected. Try again in a moment.",
        rate_limited: "The Engine is rate-limited. Wait a minute and try again.",
        aborted: "The exploration was stopped.",
        import_format: "Stored history could not be read.",
        store_busy:
          "The history store is busy with another task (an import or index). Try again in a moment.",
        internal: "Something went wrong. Try again.",
      },
    },
    evidenceOnly: {
      title: "Synthesis failed: showing observed evidence only",
      note: "These excerpts were observed directly in this app's chats. No model analysis is shown.",
    },
    label: { analysis: "Analysis", evidence: "Evidence" },
    findings: "Findings",
    missingCoverage: "Not covered",
    evidence: {
      untitled: "Untitled chat",
      role: { user: "User", assistant: "Assistant" },
      compaction: "Compaction summary",
      truncated: "Excerpt shortened",
      ids: "Chat {{chat}} · message {{message}}",
      open: "Open message",
      openLabel: "Open message {{message}} in “{{title}}”",
      changed: "Changed since cited",
      removed: "No longer in the chat",
      kept: "Only in Recollect (its file was deleted)",
    },
    legacy: {
      search: "Searched chats",
      read: "Read chat",
      chatNumber: "Chat {{id}}",
    },
  },
  consent: {
    title: "Allow {{tool}}?",
    body: {
      explore_chat_history:
        "The explorer will send bounded chat history from this app only to the Engine for synthesis.",
      read_chat: "The selected historical chat text will be sent to the active model.",
      other: "This tool will run with the details below.",
    },
    request: "Request",
    allow: "Allow",
    deny: "Deny",
    changeLater: "You can change this on the Permissions page.",
  },
  permissions: {
    title: "Tool permissions",
    intro:
      "Choose whether the assistant may use each tool always, only after asking you, or never.",
    tool: "Tool",
    permission: "Permission",
    choice: { always: "Always", ask: "Ask", never: "Never" },
    defaultValue: "Default: {{value}}",
    saved: "Saved",
    saveFailed: "Could not save: {{message}}",
    tools: {
      explore_chat_history: {
        name: "Explore chat history",
        disclosure:
          "Bounded chat history from this app only may be sent to the Engine for synthesis.",
      },
      read_chat: {
        name: "Read chat",
        disclosure: "Selected historical chat text is sent to the active model.",
      },
      set_chat_summary: {
        name: "Set chat summary",
        disclosure: "Saves a title and summary for the current chat.",
      },
      write_plan: {
        name: "Write plan",
        disclosure: "Writes a plan for the current chat (plan mode).",
      },
      exit_plan: {
        name: "Exit plan",
        disclosure: "Leaves plan mode when the plan is ready.",
      },
      other: {
        name: "Other tool",
        disclosure: "A tool provided by the host application.",
      },
    },
  },
} as const;

/** A string tree with the same keys as `T`, any string values. */
export type StringTree<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : StringTree<T[K]>;
};
