/**
 * A seeded, Zipf-distributed software vocabulary for the generated history: English function
 * words first (the most frequent), then software words, then a long tail of made-up identifiers,
 * so some query terms occur in a large share of messages, as in real chats (DESIGN.md § Lessons).
 */

const FUNCTION_WORDS =
  "the to and a of is in it we that for this you on with be can should i not are as if use will it's but or do at so have from by an what which when then there how our your its".split(
    " ",
  );

const SOFTWARE_WORDS =
  "add file code error function component test update api data user build run fix change need server app database type config page value route model state request response query table import export module package version deploy release branch commit merge review issue bug feature login auth authentication authorization session token cookie password email account profile settings dashboard admin role permission cache redis postgres sqlite mysql migration schema index search filter sort pagination form input button modal layout style css theme dark mode mobile responsive react next vite webpack typescript javascript node express fastify hono prisma drizzle supabase firebase vercel netlify docker kubernetes ci pipeline github action workflow lint format prettier eslint biome vitest jest playwright e2e unit integration mock fixture snapshot coverage performance latency memory cpu log logging metric monitoring alert sentry trace debug stack exception retry timeout queue worker job cron webhook stripe payment invoice subscription plan pricing checkout cart order product inventory upload image storage bucket s3 cdn domain dns ssl https cors csrf xss security encryption hash secret key env environment variable staging production local dev preview rollback backup restore sync offline cache invalidation websocket realtime notification push chat message thread comment like share follow feed timeline analytics event tracking i18n locale translation chinese spanish korean accessibility aria keyboard focus screen reader contrast refactor cleanup rename extract hook context provider reducer store zustand redux signal effect render hydration ssr ssg isr edge middleware handler controller service repository entity dto validation zod schema parse serialize json yaml csv markdown pdf docx export report chart graph map calendar date time timezone utc format currency number string array object map set promise async await stream buffer file path directory folder script command cli terminal shell bash npm pnpm yarn install dependency upgrade downgrade lockfile monorepo workspace turbo nx".split(
    " ",
  );

const SYLLABLES = "ka lo mi nu re ta vo zi pe su ra no fi gu de bo ly ce xa wu".split(" ");

/** Seeded 32-bit PRNG (mulberry32): same seed, same history, on every machine. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A word list by rank and a sampler drawing ranks with probability ∝ 1 / rank^1.07 (Zipf). */
export interface Vocabulary {
  readonly words: readonly string[];
  /** Draws one word; `random` returns [0, 1). */
  sample(random: () => number): string;
}

/** Builds the vocabulary: ~430 real words and `tailSize` made-up identifiers (default 30,000). */
export function createVocabulary(seed: number, tailSize = 30_000): Vocabulary {
  const random = createRandom(seed);
  const tail = new Set<string>();
  while (tail.size < tailSize) {
    const length = 2 + Math.floor(random() * 3);
    let word = "";
    for (let n = 0; n < length; n += 1) word += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    tail.add(word);
  }
  const words = [...new Set([...FUNCTION_WORDS, ...SOFTWARE_WORDS]), ...tail];
  const cumulative = new Float64Array(words.length);
  let total = 0;
  for (let rank = 0; rank < words.length; rank += 1) {
    total += 1 / (rank + 1) ** 1.07;
    cumulative[rank] = total;
  }
  return {
    words,
    sample(next) {
      const target = next() * total;
      let low = 0;
      let high = words.length - 1;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if ((cumulative[middle] ?? 0) < target) low = middle + 1;
        else high = middle;
      }
      return words[low] ?? "the";
    },
  };
}
