/**
 * The offline engine's software-domain vocabulary: topic families used to reformulate a vague
 * question into keyword searches ("auth" → login, session, JWT, OAuth, …) and to name the thing a
 * decision chose ("let's go with Clerk" → `Clerk`), plus word-level synonym groups. Data only;
 * matching lives in `topic-profile.ts`, `plan-queries.ts` and `detect-decisions.ts`.
 *
 * Written compactly (space- and `|`-separated strings) so the data stays readable as a table.
 */

/**
 * A topic family.
 * - `triggers`: words (any inflection) that put a question in this family.
 * - `terms`: reformulation keywords, most useful first; searched in that order.
 * - `entities`: named options a decision can pick (products, libraries, techniques). Matched
 *   case-insensitively as whole words; multi-word entities match as a phrase.
 */
export interface TopicFamily {
  readonly id: string;
  readonly triggers: readonly string[];
  readonly terms: readonly string[];
  readonly entities: readonly string[];
}

const list = (text: string, separator: string): readonly string[] =>
  Object.freeze(
    text
      .split(separator)
      .map((item) => item.trim())
      .filter((item) => item.length > 0),
  );

/** `family(id, "trigger words", "term words", "Entity|Other Entity")`; `~` joins a two-word term. */
const family = (id: string, triggers: string, terms: string, entities: string): TopicFamily =>
  Object.freeze({
    id,
    triggers: list(triggers, " "),
    terms: Object.freeze(list(terms, " ").map((term) => term.replaceAll("~", " "))),
    entities: list(entities, "|"),
  });

/** A few dozen families covering what app-builder chats usually decide. Order is stable. */
export const TOPIC_FAMILIES: readonly TopicFamily[] = Object.freeze([
  family(
    "auth",
    "auth authentication authenticate login signin signup logout account",
    "login session jwt oauth password sign-in token signup cookie bearer refresh",
    "Clerk|Supabase Auth|NextAuth|Auth.js|Auth0|Firebase Auth|Lucia|Passport|Cognito|Magic link|OAuth|JWT|session cookies|Better Auth|Keycloak|WorkOS|Kinde|Stytch|passkeys",
  ),
  family(
    "authorization",
    "authorization permission role rbac access acl",
    "permissions roles rbac admin access~control policy",
    "RBAC|row level security|RLS|CASL|ABAC|Casbin",
  ),
  family(
    "database",
    "database db sql persistence orm datastore schema migration table",
    "postgres sqlite supabase schema migration table orm",
    "Postgres|PostgreSQL|SQLite|MySQL|MongoDB|Supabase|Firebase|Firestore|DynamoDB|PlanetScale|Neon|Prisma|Drizzle|Kysely|TypeORM|Sequelize|Turso|libSQL|Redis|Convex|Mongoose|IndexedDB|localStorage",
  ),
  family(
    "deploy",
    "deploy deployment hosting host production release",
    "hosting vercel netlify render docker deployment domain",
    "Vercel|Netlify|Render|Railway|Fly.io|Heroku|AWS|GCP|Azure|Cloudflare Pages|Cloudflare Workers|DigitalOcean|Docker|Kubernetes|GitHub Pages|Firebase Hosting|Amplify|Coolify|VPS",
  ),
  family(
    "styling",
    "style styling css design theme ui look layout color",
    "css tailwind theme components design~system dark~mode",
    "Tailwind|shadcn|shadcn/ui|Material UI|MUI|Chakra|Bootstrap|styled-components|CSS modules|Sass|SCSS|Emotion|Radix|Mantine|DaisyUI|vanilla CSS",
  ),
  family(
    "state",
    "state redux zustand",
    "state~management redux zustand context store",
    "Redux|Redux Toolkit|Zustand|Jotai|Recoil|MobX|React Context|Pinia|Vuex|XState|TanStack Query|React Query|SWR|signals",
  ),
  family(
    "testing",
    "test testing qa coverage e2e",
    "tests unit~test e2e jest vitest playwright coverage",
    "Jest|Vitest|Playwright|Cypress|Mocha|pytest|Testing Library|Puppeteer|Storybook|MSW|Selenium",
  ),
  family(
    "payments",
    "payment payments billing checkout subscription pricing pay",
    "stripe billing checkout subscription webhook pricing",
    "Stripe|Paddle|LemonSqueezy|Lemon Squeezy|PayPal|Braintree|RevenueCat|Polar",
  ),
  family(
    "api",
    "api endpoint backend rest graphql rpc route",
    "endpoint rest graphql trpc route backend",
    "REST|GraphQL|tRPC|gRPC|Express|Fastify|Hono|NestJS|FastAPI|Flask|Django|server actions|API routes|Koa|Spring Boot",
  ),
  family(
    "caching",
    "cache caching cdn memoize performance latency",
    "cache redis cdn ttl invalidation performance",
    "Redis|Memcached|Cloudflare|Varnish|Upstash|CDN|ISR|SWR",
  ),
  family(
    "search",
    "search searching index indexing fulltext query",
    "search full-text fts index elasticsearch algolia",
    "Elasticsearch|Algolia|Meilisearch|Typesense|FTS5|pgvector|OpenSearch|Lunr|Fuse.js|embeddings",
  ),
  family(
    "i18n",
    "i18n internationalization localization l10n translation language locale",
    "i18n translation locale localization language",
    "i18next|react-i18next|next-intl|FormatJS|react-intl|Lingui|Crowdin",
  ),
  family(
    "framework",
    "framework frontend react stack",
    "framework react next.js vue svelte stack",
    "React|Next.js|Vue|Nuxt|Svelte|SvelteKit|Angular|Remix|Astro|Solid|Vite|Create React App|Expo|React Native|Flutter|Electron|Tauri",
  ),
  family(
    "language",
    "typescript javascript python language typing types",
    "typescript javascript python types",
    "TypeScript|JavaScript|Python|Go|Rust|Java|Kotlin|Swift|Ruby|PHP",
  ),
  family(
    "email",
    "email mail newsletter smtp notification push reminder",
    "notification email push reminder resend sendgrid",
    "Expo Notifications|Firebase Cloud Messaging|FCM|APNs|OneSignal|Resend|SendGrid|Mailgun|Postmark|Amazon SES|SES|Nodemailer|Mailchimp|Loops",
  ),
  family(
    "files",
    "upload file image photo picture media storage bucket stored",
    "upload storage bucket s3 images files",
    "S3|Cloudinary|UploadThing|Supabase Storage|Firebase Storage|R2|Cloudflare R2|Vercel Blob",
  ),
  family(
    "analytics",
    "analytics tracking metrics telemetry monitoring logging logs",
    "analytics tracking metrics logging monitoring sentry",
    "Google Analytics|PostHog|Plausible|Mixpanel|Amplitude|Sentry|Datadog|LogRocket|Vercel Analytics",
  ),
  family(
    "ci",
    "ci cd pipeline workflow build lint linting formatting",
    "ci github~actions pipeline workflow build lint",
    "GitHub Actions|CircleCI|GitLab CI|Jenkins|ESLint|Prettier|Biome|Husky|Turborepo|Nx",
  ),
  family(
    "package-manager",
    "package dependency dependencies npm install monorepo",
    "npm pnpm yarn dependencies package",
    "npm|pnpm|Yarn|Bun|Deno|Turborepo|Lerna",
  ),
  family(
    "realtime",
    "realtime real-time websocket websockets live push sync socket",
    "websocket realtime socket sse polling sync",
    "WebSockets|Socket.IO|Pusher|Ably|Supabase Realtime|SSE|server-sent events|long polling|Liveblocks|Yjs",
  ),
  family(
    "ai",
    "ai llm model gpt prompt openai chatbot embedding agent",
    "model llm openai prompt anthropic embedding",
    "OpenAI|GPT-4|GPT-4o|Claude|Anthropic|Gemini|Ollama|LangChain|Vercel AI SDK|AI SDK|Llama|Mistral|OpenRouter",
  ),
  family(
    "security",
    "security secret secrets vulnerability xss csrf cors encryption key keys",
    "security secrets env api~key cors csrf encryption",
    ".env|environment variables|Vault|Doppler|CORS|CSP|bcrypt|argon2|rate limiting|HTTPS",
  ),
  family(
    "routing",
    "routing router navigation page pages url redirect link",
    "router routes navigation pages redirect",
    "React Router|Next.js App Router|App Router|Pages Router|TanStack Router|Vue Router|Wouter",
  ),
  family(
    "forms",
    "form validation validate",
    "form validation schema zod input",
    "React Hook Form|Formik|Zod|Yup|Valibot|Joi",
  ),
  family(
    "errors",
    "error errors bug bugs crash failure fail failed issue broken fix exception",
    "error bug fix crash failing exception",
    "404|500|CORS error|TypeError|timeout|hydration error|race condition",
  ),
  family(
    "mobile",
    "mobile ios android responsive pwa native",
    "mobile responsive ios android pwa",
    "React Native|Expo|Flutter|Capacitor|Ionic|PWA|SwiftUI",
  ),
  family(
    "jobs",
    "job jobs queue cron background worker schedule scheduled",
    "queue cron background~job worker scheduler",
    "BullMQ|Inngest|Trigger.dev|Celery|Sidekiq|cron|QStash|Temporal",
  ),
  family(
    "data-fetching",
    "fetch fetching request requests http client axios",
    "fetch axios request client react~query",
    "fetch|axios|TanStack Query|React Query|SWR|ky|Apollo",
  ),
  family(
    "cms",
    "cms content blog markdown articles posts",
    "cms content markdown mdx blog",
    "Sanity|Contentful|Strapi|Payload|MDX|WordPress|Ghost|Notion",
  ),
  family(
    "maps",
    "map maps location geolocation geo gps",
    "map location geocoding mapbox leaflet",
    "Mapbox|Leaflet|Google Maps|OpenStreetMap|MapLibre",
  ),
  family(
    "git",
    "git github commit branch repository repo merge push",
    "git github commit branch push",
    "GitHub|GitLab|Bitbucket|git-filter-repo|BFG|rebase|squash",
  ),
  family(
    "documents",
    "document documents docx pdf word export editor editing",
    "document docx pdf export editor",
    "docx|PDF|pdf.js|Mammoth|TipTap|ProseMirror|Quill|Lexical|Slate",
  ),
]);

/**
 * Word-level synonym groups for question words that belong to no family ("faking" → cheat, spoof,
 * tamper; "evening" → night, pm, dinner). A question word sharing a stem with any word of a group
 * is matched by every word of that group, and the group's other words feed reformulation searches.
 * General software-product vocabulary; `~` joins a two-word phrase.
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = Object.freeze(
  [
    "fake faking cheat cheating spoof tamper forge exploit replay",
    "score scores leaderboard highscore ranking points",
    "evening night pm dinner late nightly",
    "morning am breakfast early daily",
    "ping notify notification push remind reminder nudge alert warn warning",
    "rounding precision cents decimal float floating minor~units bigint",
    "balance balances amount amounts money total currency cash",
    "store stored save saved persist",
    "photo photos image images picture pictures thumbnail thumbnails",
    "host hosted hosting deploy deployed server",
    "offline cache cached sync local evict",
    "slow performance latency speed fast lag",
    "crash crashes error errors fail failure exception bug",
    "user users people customer customers player players account accounts member",
    "price pricing cost costs bill billing spend budget",
    "search find lookup query typo fuzzy",
    "translate translation translations localize localization locale language languages",
    "font fonts typeface glyph glyphs text~rendering",
    "export download csv pdf report",
    "import upload ingest csv",
    "chart charts graph graphs plot visualization",
    "compliance gdpr audit regulation privacy residency soc2",
    "launch release ship beta rollout announce",
    "login signin sign-in log~in password magic~link account accounts",
    "backup backups snapshot restore",
    "delete deletion remove purge erase",
    "email emails mail newsletter inbox",
    "onboarding signup welcome tutorial first~run",
    "map maps route routes trail trails gps",
    "team teammate collaborator member members",
    "doc docs documentation readme guide",
    "japanese 日本語",
    "korean 한국어",
    "chinese 中文",
    "connection connect disconnect disconnected reconnect rejoin network",
    "drop drops dropped disconnect lost timeout",
    "limit limits cap maximum max quota throttle",
    "retain retention keep kept archive archived expire",
    "plan plans roadmap timeline schedule milestone",
    "money revenue monetize monetization purchase subscription pass",
    "hook connect link integrate integration plug",
    "unit units metric imperial convert conversion gram grams ounce ounces cup cups millilitre litre pound",
  ].map((group) => Object.freeze(list(group, " ").map((word) => word.replaceAll("~", " ")))),
);
