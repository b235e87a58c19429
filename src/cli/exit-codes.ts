import type { RecollectErrorKind } from "../errors/recollect-error.js";

/**
 * Process exit code for each error kind; the only place besides the server's `onError` that maps
 * kinds (STYLE.md § What we take). 0 is success; 1 is reserved for unexpected failures.
 */
export const EXIT_CODE_BY_KIND: Readonly<Record<RecollectErrorKind, number>> = {
  internal: 1,
  invalid_input: 2,
  not_found: 3,
  precondition: 4,
  provider: 5,
  rate_limited: 5,
  user_cancelled: 6,
  budget_exhausted: 7,
  import_format: 8,
  store_busy: 9,
  aborted: 130,
};
