/**
 * Kind names for `searchChats()`: a question that names a kind of thing ("how do people log
 * in?", "what do we use for email?", "where does the data live?") while the history names the
 * thing (Clerk, Resend, Postgres) is answered with the things of that kind that this app's
 * history names, for the caller to search. Which technologies are of which kind comes from a public taxonomy shipped inside an
 * npm package (`@specfy/stack-analyser`: ~740 developer technologies, each typed auth, db,
 * hosting, notification, payment, monitoring …); the app's own index says which of them it
 * discusses. Knowledge, not embeddings: the plan's non-goals hold. Checked against the app like a
 * spelling correction, so no other app's word reaches a search or a result.
 */
import { listTech } from "@specfy/stack-analyser/dist/common/techs.generated.js";
import { STOPWORDS } from "../text/stopwords.js";
import { familyZipf } from "../text/word-frequency.js";
import type { KindNames } from "../types.js";
import type { CorrectionSource } from "./correct-spelling.js";
import { isDictionaryWord } from "./dictionary-word.js";
import { porterStem } from "./porter-stem.js";

/** One kind a question can ask about: how it names it, and the taxonomy types it covers. */
interface TechnologyKind {
  /** The kind as a report names it ("authentication"). */
  readonly kind: string;
  /** Cues: each a word or words (all present) of a question asking about this kind. */
  readonly cues: readonly string[];
  /** The taxonomy's `type` values whose technologies are of this kind. */
  readonly types: readonly string[];
}

/**
 * The kinds, with the everyday words developers ask them by. A cue of two words needs both
 * ("data live": "where does the data live?"; "run production": "where does it run in
 * production?"); "data" or "production" alone asks about too much else ("the pre-production
 * environment").
 */
const KINDS: readonly TechnologyKind[] = [
  {
    kind: "authentication",
    cues: [
      "auth",
      "authentication",
      "login",
      "signin",
      "signup",
      "password",
      "account",
      "sso",
      "oauth",
    ],
    types: ["auth"],
  },
  {
    kind: "database",
    cues: [
      "database",
      "db",
      "datastore",
      "persistence",
      "data live",
      "data store",
      "data kept",
      "data saved",
    ],
    types: ["db", "orm"],
  },
  {
    kind: "hosting",
    cues: ["host", "hosting", "deploy", "deployment", "run production", "serverless", "cloud"],
    types: ["hosting", "cloud"],
  },
  {
    kind: "email",
    cues: ["email", "mail", "mailer", "newsletter", "sms"],
    types: ["notification"],
  },
  {
    kind: "payments",
    cues: ["payment", "pay", "billing", "checkout", "subscription"],
    types: ["payment"],
  },
  {
    kind: "monitoring",
    cues: ["monitoring", "monitor", "uptime", "observability", "alerting", "apm"],
    types: ["monitoring"],
  },
  { kind: "analytics", cues: ["analytics", "visitor", "pageview"], types: ["analytics"] },
  {
    kind: "file storage",
    cues: ["storage", "upload", "bucket", "blob", "cdn"],
    types: ["storage"],
  },
  { kind: "AI model", cues: ["ai", "llm", "gpt", "embedding"], types: ["ai"] },
  { kind: "job queue", cues: ["queue", "cron", "background job"], types: ["queue"] },
  { kind: "maps", cues: ["map", "geocoding"], types: ["maps"] },
  { kind: "ORM", cues: ["orm", "migration"], types: ["orm"] },
  {
    kind: "UI library",
    cues: ["ui library", "component library", "ui kit", "design system", "styling"],
    types: ["ui"],
  },
  { kind: "runtime", cues: ["runtime"], types: ["runtime"] },
  {
    kind: "test tooling",
    cues: ["test framework", "test runner", "test tool", "unit test", "e2e"],
    types: ["test"],
  },
  { kind: "CI", cues: ["ci", "continuous integration"], types: ["ci"] },
  { kind: "package manager", cues: ["package manager"], types: ["package_manager"] },
  { kind: "linter", cues: ["lint", "linter", "formatter"], types: ["linter"] },
  { kind: "validation", cues: ["validation", "validator"], types: ["validation"] },
  { kind: "framework", cues: ["framework"], types: ["framework", "ui_framework"] },
  { kind: "build tool", cues: ["bundler", "build tool"], types: ["builder"] },
];

/**
 * Names the taxonomy lacks, per kind: server web frameworks it does not list as frameworks
 * (FastAPI and Flask are absent; Express and Fastify are typed "tool"). A newcomer's "which web
 * framework is the backend built on?" abstained on a history built on FastAPI. Only names that
 * everyday English does not use ("express", "spring" and "gin" are words).
 */
const MORE_NAMES: Readonly<Record<string, readonly string[]>> = {
  framework: [
    "aiohttp",
    "actix",
    "axum",
    "fastapi",
    "fastify",
    "flask",
    "hono",
    "koa",
    "laravel",
    "nestjs",
    "sanic",
    "starlette",
  ],
};

/**
 * A technology's word is a name when everyday English rarely says it (family Zipf below this,
 * SUBTLEX-US via `familyZipf`): "clerk" (4.1), "stripe" (3.8), "playwright" (3.2) are kept;
 * "square" (4.5), "split" (4.6), "ghost" (4.6) would match other meanings.
 */
const NAME_ZIPF = 4.2;

/** Most technologies named per kind: the app's most frequent (an app rarely uses more). */
export const KIND_NAMES = 4;

/** Most kinds named for one query: a query naming more is asking about something else. */
const MAX_KINDS = 2;

/**
 * A name token of this many taxonomy types is a platform's ("aws", "vercel", "railway": a host
 * that also sells Postgres), not one product's.
 */
const UMBRELLA_TYPES = 2;

/** The stems of every kind's cue words: generic words of a kind, never a technology's name. */
const CUE_STEMS = new Set(
  KINDS.flatMap(({ cues }) => cues.flatMap((cue) => cue.split(" ").map(porterStem))),
);

/**
 * The words of a technology's name that name the thing: lower-case tokens of ≥ 3 characters, no
 * stopword, no cue word, none of three letters in a name of several words, none whose Porter
 * stem is another, everyday word ("kinde" → "kind"), no dictionary word — but for the
 * name's first, the brand, when everyday
 * English rarely says it ("Clerk", "Drizzle ORM"). A dictionary word later in a name is generic
 * ("Azure Static Web Apps", "Cloud Functions"). A token ending in "db" also stands without it, as
 * developers write it ("NeonDB" → "neon", "MongoDB" → "mongo").
 */
function nameWords(name: string): string[] {
  const tokens = name.toLowerCase().split(/[^a-z0-9]+/);
  return tokens.flatMap((token, index) => {
    const forms = /^[a-z]{4,}db$/.test(token) ? [token, token.slice(0, -2)] : [token];
    return forms.filter((form) => {
      // Three letters in a name of several words abbreviate what it is ("Api Platform", "AWS Api
      // Gateway"); a one-word name of three is the product's own ("Zod", "Bun").
      if (!/^[a-z][a-z0-9]{2,}$/.test(form) || (tokens.length > 1 && form.length <= 3))
        return false;
      if (STOPWORDS.has(form) || CUE_STEMS.has(porterStem(form))) return false;
      // The index holds stems: a name whose stem is an everyday word's ("Kinde" → "kind") would
      // be held by every "what kind of …".
      const stem = porterStem(form);
      if (stem !== form && isDictionaryWord(stem)) return false;
      if (!isDictionaryWord(form)) return true;
      return index === 0 && familyZipf(form) < NAME_ZIPF;
    });
  });
}

let wordsByKind: Map<string, string[]> | null = null;

/**
 * The search words of each kind's technologies (memoized): per name, its words ({@link nameWords})
 * but a platform's (a token of {@link UMBRELLA_TYPES} types' names) when it has others ("AWS
 * Cognito" → "cognito"), or when the rest of the name is not this kind's word, or when the platform's
 * name is an everyday word and the rest is this kind's ("Google Pay"). Sorted, deduplicated.
 */
function kindWords(): Map<string, string[]> {
  if (wordsByKind) return wordsByKind;
  const typesOf = new Map<string, Set<string>>();
  for (const { name, type } of listTech) {
    for (const token of nameWords(name)) {
      typesOf.set(token, (typesOf.get(token) ?? new Set()).add(type));
    }
  }
  const umbrella = (token: string) => (typesOf.get(token)?.size ?? 0) >= UMBRELLA_TYPES;
  wordsByKind = new Map(
    KINDS.map(({ kind, cues, types }) => {
      const cueStems = new Set(cues.flatMap((cue) => cue.split(" ").map(porterStem)));
      const ofKind = (token: string) => cueStems.has(porterStem(token));
      const words = listTech
        .filter((tech) => types.includes(tech.type))
        .flatMap(({ name }) => {
          const names = nameWords(name);
          const own = names.filter((token) => !umbrella(token));
          if (own.length > 0) return own;
          // A platform's name stands for this kind alone ("Vercel", a host) or with this kind's
          // word ("Supabase Auth"), not with another ("AWS Simple Email Service": "aws").
          const rest = name
            .toLowerCase()
            .split(/[^a-z0-9]+/)
            .slice(1)
            .filter(Boolean);
          if (!rest.every(ofKind)) return [];
          // "Google Pay" is not what a history's "Google" means: a platform whose name is an
          // everyday word stands for this kind only by that name alone ("Google", a cloud).
          return rest.length === 0 ? names : names.filter((token) => !isDictionaryWord(token));
        });
      return [kind, [...new Set([...words, ...(MORE_NAMES[kind] ?? [])])].sort()];
    }),
  );
  return wordsByKind;
}

let anyTechnology: Set<string> | null = null;

/** The stems of every technology's name words, of any type, and of {@link MORE_NAMES} (memoized). */
function technologyStems(): Set<string> {
  if (anyTechnology) return anyTechnology;
  const names = [
    ...listTech.flatMap(({ name }) => nameWords(name)),
    ...Object.values(MORE_NAMES).flat(),
  ];
  anyTechnology = new Set(names.map(porterStem));
  return anyTechnology;
}

/**
 * `word` (lower case) is a technology's name word or a kind's cue word ("orm", "prisma", "stripe"):
 * a developer's real word, never a typo of another ("orm" is not "org"). Memoized taxonomy.
 */
export function isTechnologyWord(word: string): boolean {
  const stem = porterStem(word);
  return CUE_STEMS.has(stem) || technologyStems().has(stem);
}

/**
 * The kinds `words` (a query's lower-case words) ask about, in cue order, at most
 * {@link MAX_KINDS}: a kind is asked when all words of one of its cues are among the query's
 * (compared by Porter stem). None when the query already names a technology ("did we set up
 * Stripe billing?", "which OpenAI model …"): it asks about that one, and other names of its kind
 * only pulled in other answers (coding-histories dev). Pure.
 */
export function kindsAsked(words: readonly string[]): { kind: string; cue: string }[] {
  // "log in", "sign up": the particle is a word of its own in a query.
  const joined = words.flatMap((word, i) =>
    /^(?:log|sign)$/.test(word) && /^(?:in|on|up)$/.test(words[i + 1] ?? "")
      ? [`${word}${words[i + 1]}`]
      : [],
  );
  const stems = new Set([...words, ...joined].map(porterStem));
  const asked: { kind: string; cue: string }[] = [];
  for (const { kind, cues } of KINDS) {
    const cue = cues.find((text) => text.split(" ").every((word) => stems.has(porterStem(word))));
    if (cue !== undefined) asked.push({ kind, cue });
  }
  // The names are built only for a query with a cue: most queries have none.
  if (asked.length === 0) return [];
  const named = technologyStems();
  return [...stems].some((stem) => named.has(stem)) ? [] : asked.slice(0, MAX_KINDS);
}

/**
 * The kind names of `words` in the scope `source` reads (its `held` and capped `count`: the local
 * index or the team store, each restricted to the app outside the current chat): for each kind asked ({@link kindsAsked}), the words of its
 * technologies the scope holds, most messages first, at most {@link KIND_NAMES}, none the query
 * already has; a kind the scope names none of is left out. One presence check per technology
 * word of the kinds asked, a count for those held; never throws for any words.
 */
export async function findKindNames(
  source: Pick<CorrectionSource, "held" | "count">,
  words: readonly string[],
): Promise<KindNames[]> {
  const asked = kindsAsked(words);
  const own = new Set(words.map(porterStem));
  const named: KindNames[] = [];
  for (const { kind, cue } of asked) {
    const held: { word: string; docs: number }[] = [];
    for (const word of kindWords().get(kind) ?? []) {
      // A kind has up to ~100 words: most are absent, and presence is one row, a count up to 100.
      if (own.has(porterStem(word)) || !(await source.held(word))) continue;
      const docs = await source.count(word);
      if (docs > 0) held.push({ word, docs });
    }
    held.sort((a, b) => b.docs - a.docs || (a.word < b.word ? -1 : 1));
    const names = held.slice(0, KIND_NAMES).map((entry) => entry.word);
    if (names.length > 0) named.push({ kind, from: cue, names });
  }
  return named;
}
