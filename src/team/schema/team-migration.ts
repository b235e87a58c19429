/** One versioned migration of the team store's schema (`recollect`), run once in its own transaction. */
export interface TeamMigration {
  /** 1, 2, …: applied in order, each recorded in `recollect.schema_migrations`. */
  readonly version: number;
  /** Kebab-case name, as the file is named. */
  readonly name: string;
  /** The statements, run as one script; values never come from input. */
  readonly sql: string;
}
