/**
 * Noise chats: the everyday bug-fix, refactor and tooling conversations that surround every real
 * decision. Generated from templates filled with each app's own vocabulary by a seeded PRNG, so
 * the suite file is reproducible byte for byte.
 */
import type { ChatSpec, Turn } from "./spec.js";

/** An app's vocabulary for the noise templates. Each list needs at least 2 entries. */
export interface NoiseVocabulary {
  readonly screens: readonly string[];
  readonly entities: readonly string[];
  readonly modules: readonly string[];
  readonly components: readonly string[];
  readonly libraries: readonly string[];
}

interface Fill {
  readonly screen: string;
  readonly entity: string;
  readonly module: string;
  readonly component: string;
  readonly library: string;
}

type Template = (f: Fill) => { title: string; turns: readonly Turn[] };

const TEMPLATES: readonly Template[] = [
  (f) => ({
    title: `Layout overlap on ${f.screen}`,
    turns: [
      [
        "user",
        `On small Android phones the ${f.component} overlaps the bottom tab bar on the ${f.screen} screen.`,
      ],
      [
        "assistant",
        `The container has a fixed height of 640. I replaced it with flex: 1 and safe-area insets so the ${f.component} ends above the tab bar.`,
      ],
      ["user", "Looks right on the 360dp emulator now."],
      ["assistant", "Added a layout snapshot at 360dp width so it cannot regress silently."],
    ],
  }),
  (f) => ({
    title: `Normalise ${f.entity} field names`,
    turns: [
      [
        "user",
        `The API returns \`${f.entity}_name\` in some responses and \`name\` in others. Can we normalise?`,
      ],
      [
        "assistant",
        `I'll make the serializer always emit \`name\` and keep \`${f.entity}_name\` as a deprecated alias for one release.`,
      ],
      ["user", "Fine, log a warning when the alias is read."],
      ["assistant", "Done; the warning fires at most once per process."],
    ],
  }),
  (f) => ({
    title: `Flaky test in ${f.module}`,
    turns: [
      ["user", `The ${f.module} test suite fails about one run in ten on CI, never locally.`],
      [
        "assistant",
        "The test relies on real timers and a 50 ms sleep. On the slower CI runner the callback lands late. I switched it to fake timers.",
      ],
      ["user", "Ran it 200 times in a loop, all green."],
      ["assistant", "Great. I also removed the retry wrapper that was hiding the flake."],
    ],
  }),
  (f) => ({
    title: `Upgrade ${f.library}`,
    turns: [
      ["user", `Dependabot wants to bump ${f.library} a major version. Anything scary?`],
      [
        "assistant",
        `The changelog renames two options and drops Node 18. We are on Node 20, so only the option renames matter; three call sites use them.`,
      ],
      ["user", "Go ahead and update the call sites."],
      ["assistant", `Updated and the full test run passes on the new ${f.library}.`],
      ["user", "Merge it after lunch."],
    ],
  }),
  (f) => ({
    title: `Loading skeleton for ${f.screen}`,
    turns: [
      [
        "user",
        `The ${f.screen} screen flashes white before content arrives. Can we show a skeleton?`,
      ],
      [
        "assistant",
        `I added a skeleton with three grey placeholder rows shaped like the ${f.component}, shown until the first page resolves.`,
      ],
      ["user", "Make the shimmer slower, it's distracting."],
      ["assistant", "Shimmer period is now 1.6 s instead of 0.8 s and it respects reduced-motion."],
    ],
  }),
  (f) => ({
    title: `Empty state on ${f.screen}`,
    turns: [
      ["user", `New users see a blank ${f.screen} screen. Needs an empty state.`],
      [
        "assistant",
        `Proposed copy: a friendly illustration, one sentence explaining what a ${f.entity} is, and a primary button to create the first one.`,
      ],
      ["user", "Shorter sentence please."],
      ["assistant", "Trimmed to eight words and moved the button above the fold."],
    ],
  }),
  (f) => ({
    title: `Strict mode errors in ${f.module}`,
    turns: [
      ["user", `Turning on strict null checks gives 41 errors in ${f.module}.`],
      [
        "assistant",
        "Most are optional props read without a guard. I fixed them with early returns rather than non-null assertions.",
      ],
      ["user", "Any behaviour change?"],
      [
        "assistant",
        `Two places silently rendered 'undefined'; they now render nothing. Everything else is type-only.`,
      ],
    ],
  }),
  (f) => ({
    title: `Sort order of ${f.entity} list`,
    turns: [
      ["user", `The ${f.entity} list sorts 'Item 10' before 'Item 2'.`],
      [
        "assistant",
        "That's plain string comparison. I switched to Intl.Collator with numeric: true.",
      ],
      ["user", "And accents?"],
      [
        "assistant",
        "The collator uses the device locale, so accented names sort where people expect.",
      ],
    ],
  }),
  (f) => ({
    title: "Timestamps in the wrong zone",
    turns: [
      ["user", `Timestamps on the ${f.screen} screen show UTC instead of local time.`],
      [
        "assistant",
        `The formatter was created once at import time with timeZone: 'UTC'. Now it is created per render from the device zone via ${f.library === "date-fns" ? "date-fns-tz" : "Intl.DateTimeFormat"}.`,
      ],
      ["user", "Check the day boundary case too."],
      ["assistant", "Added tests for 23:30 local on the last day of a month."],
    ],
  }),
  (f) => ({
    title: `Accessibility labels on ${f.component}`,
    turns: [
      ["user", `VoiceOver reads the ${f.component} icon buttons as 'button, button'.`],
      [
        "assistant",
        "The icons had no accessible names. I added labels and hints, and grouped the row so it reads as one element.",
      ],
      ["user", "Can we catch this automatically?"],
      ["assistant", "Added an axe check to the component tests that fails on unnamed buttons."],
    ],
  }),
  (f) => ({
    title: "CI cache misses",
    turns: [
      ["user", "CI takes 14 minutes again. The dependency cache seems to miss every time."],
      [
        "assistant",
        "The cache key includes the workflow file hash, which changed with every edit. I keyed it on the lockfile only.",
      ],
      ["user", "Down to 6 minutes, nice."],
      [
        "assistant",
        `I also split the ${f.module} tests into their own job so they run in parallel.`,
      ],
    ],
  }),
  (f) => ({
    title: `Refactor ${f.module} into hooks`,
    turns: [
      ["user", `${f.module} has a 900-line component with data fetching mixed into rendering.`],
      [
        "assistant",
        "I extracted three hooks for fetching, selection and optimistic updates; the component is now about 250 lines.",
      ],
      ["user", "Do the tests still cover the optimistic rollback?"],
      ["assistant", "Yes, and I added one for the rollback after a network error."],
    ],
  }),
  (f) => ({
    title: `Memory growth on ${f.screen}`,
    turns: [
      ["user", `Memory climbs by about 30 MB every time I open and close the ${f.screen} screen.`],
      [
        "assistant",
        "An event listener registered in an effect was never removed. I added the cleanup function.",
      ],
      ["user", "Flat after twenty open/close cycles now."],
      ["assistant", "Good. I added a lint rule that flags listeners added without cleanup."],
    ],
  }),
  (f) => ({
    title: `Paginate the ${f.entity} list`,
    turns: [
      ["user", `Accounts with thousands of ${f.entity} items take 4 seconds to load the list.`],
      [
        "assistant",
        "The endpoint returns everything. I added cursor pagination, 50 items per page, with infinite scroll on the client.",
      ],
      ["user", "Cursor on what column?"],
      ["assistant", "On (updated_at, id), so ties are stable."],
    ],
  }),
  (f) => ({
    title: `Error boundary for ${f.screen}`,
    turns: [
      ["user", `A malformed ${f.entity} crashes the entire ${f.screen} screen.`],
      [
        "assistant",
        `I wrapped each ${f.component} in an error boundary that renders a small 'could not display' row and reports the error.`,
      ],
      ["user", "Do we still see the bad payload somewhere?"],
      [
        "assistant",
        "Only its id and the validation error, never the payload, so no personal data lands in the error tracker.",
      ],
    ],
  }),
  (f) => ({
    title: `Stories for ${f.component}`,
    turns: [
      ["user", `Can you write Storybook stories for the ${f.component}?`],
      [
        "assistant",
        "Added stories for default, long text, loading, error and right-to-left layouts.",
      ],
      ["user", "Add one with huge font scaling."],
      ["assistant", "Added a 200% font-scale story; the title now wraps instead of truncating."],
    ],
  }),
  () => ({
    title: "Lint rule noise",
    turns: [
      ["user", "The import-order rule produces hundreds of warnings nobody reads."],
      [
        "assistant",
        "I turned on the formatter's organize-imports action instead and removed the lint rule, so the fix is automatic.",
      ],
      ["user", "Apply it to the whole repo in one commit so blame stays readable."],
      ["assistant", "Done in a single formatting commit, listed in .git-blame-ignore-revs."],
    ],
  }),
  (f) => ({
    title: `Retry requests in ${f.module}`,
    turns: [
      [
        "user",
        `Requests from ${f.module} fail on flaky mobile networks and the user just sees an error.`,
      ],
      [
        "assistant",
        "I added retries with exponential backoff (3 attempts, 300 ms base, jitter) for idempotent GET requests only.",
      ],
      ["user", "What about POSTs?"],
      [
        "assistant",
        "POSTs are not retried automatically; they show a retry button so nothing is submitted twice.",
      ],
    ],
  }),
  () => ({
    title: "Feature flag cleanup",
    turns: [
      ["user", "We have 23 feature flags and most are permanently on."],
      [
        "assistant",
        "Seventeen have been at 100% for over a month. I removed them and their dead branches.",
      ],
      ["user", "Keep the kill switches."],
      ["assistant", "Kept the four kill switches and documented each one's owner."],
    ],
  }),
  (f) => ({
    title: `Pull to refresh on ${f.screen}`,
    turns: [
      ["user", `People expect pull-to-refresh on the ${f.screen} screen.`],
      [
        "assistant",
        "Added it; it refetches the first page and keeps the scroll position for the rest.",
      ],
      ["user", "The spinner stays forever when offline."],
      ["assistant", "It now stops after the request fails and shows a short offline toast."],
    ],
  }),
  (f) => ({
    title: `Debounce input on ${f.screen}`,
    turns: [
      ["user", `Typing in the filter box on ${f.screen} fires a request per keystroke.`],
      [
        "assistant",
        "I debounced it by 250 ms and cancel the in-flight request when a newer one starts.",
      ],
      ["user", "Results sometimes show for an older query."],
      ["assistant", "Fixed by ignoring responses whose query no longer matches the input."],
    ],
  }),
  () => ({
    title: "README setup steps",
    turns: [
      ["user", "A new contractor needed two hours to get the project running."],
      [
        "assistant",
        "The README skipped the env file and the seed script. I rewrote the setup section as five numbered steps.",
      ],
      ["user", "Add troubleshooting for the port already in use error."],
      ["assistant", "Added, with the command to find the process holding the port."],
    ],
  }),
  (f) => ({
    title: `Keyboard covers inputs on ${f.screen}`,
    turns: [
      ["user", `On iOS the keyboard hides the bottom inputs on the ${f.screen} screen.`],
      [
        "assistant",
        "Wrapped the form in a keyboard-avoiding view and scroll the focused field into view.",
      ],
      ["user", "Android too?"],
      ["assistant", "Android uses adjustResize from the manifest, so it already worked there."],
    ],
  }),
  (f) => ({
    title: `Duplicate ${f.entity} on double tap`,
    turns: [
      ["user", `Double-tapping save creates two identical ${f.entity} records.`],
      [
        "assistant",
        "The button stays enabled during the request. I disable it while saving and send an idempotency key with the request.",
      ],
      ["user", "Clean up the existing duplicates?"],
      [
        "assistant",
        "Wrote a one-off script that merged 37 duplicates created within two seconds of each other.",
      ],
    ],
  }),
  () => ({
    title: "Icon set consistency",
    turns: [
      ["user", "We mix outlined and filled icons everywhere."],
      [
        "assistant",
        "I audited 64 icons: outlined for navigation and actions, filled only for selected states.",
      ],
      ["user", "Make that a rule in the design doc."],
      ["assistant", "Added to the design doc with examples of each case."],
    ],
  }),
  (f) => ({
    title: "Validate env vars at startup",
    turns: [
      ["user", "Production started with a missing env var and failed an hour later."],
      [
        "assistant",
        `I added a schema check at startup that lists every missing or malformed variable and exits before ${f.module} starts.`,
      ],
      ["user", "Print which ones, but not their values."],
      ["assistant", "It prints only names and the expected shape, never values."],
    ],
  }),
];

/** A seeded 32-bit PRNG (mulberry32): `next()` returns a float in [0, 1). */
export function createRandom(seed: number): { next(): number } {
  let state = seed >>> 0;
  return {
    next() {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    },
  };
}

/**
 * `count` noise chats (≤ the number of templates, 26) for one app, keys `<prefix>-noise-NN`,
 * started at random times between `from` and `to` (ISO), deterministic for a given `seed`.
 */
export function noiseChats(options: {
  prefix: string;
  vocabulary: NoiseVocabulary;
  count: number;
  seed: number;
  from: string;
  to: string;
}): ChatSpec[] {
  const random = createRandom(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random.next() * list.length)]!;
  const order = TEMPLATES.map((template, i) => ({ template, i, sortKey: random.next() })).sort(
    (a, b) => a.sortKey - b.sortKey,
  );
  const from = Date.parse(options.from);
  const span = Date.parse(options.to) - from;
  const { vocabulary } = options;
  return order.slice(0, options.count).map(({ template }, n) => {
    const { title, turns } = template({
      screen: pick(vocabulary.screens),
      entity: pick(vocabulary.entities),
      module: pick(vocabulary.modules),
      component: pick(vocabulary.components),
      library: pick(vocabulary.libraries),
    });
    // Whole minutes keep the JSON free of sub-second noise.
    const start = from + Math.floor((random.next() * span) / 60_000) * 60_000;
    return {
      key: `${options.prefix}-noise-${String(n + 1).padStart(2, "0")}`,
      title,
      start: new Date(start).toISOString(),
      turns,
    };
  });
}

/** How many distinct noise templates exist (the most noise chats one app can get). */
export const NOISE_TEMPLATE_COUNT = TEMPLATES.length;
