declare module 'vitest' {
  export interface ProvidedContext {
    /** Which database the integration tests of this project run against. */
    databaseKind: 'pglite' | 'pg' | 'neon';
    /** PGlite: a migrated and seeded data folder that each test file copies. */
    pgliteTemplate: string;
    /** PostgreSQL: the server URL and the migrated, seeded template database. */
    pgAdminUrl: string;
    pgTemplateDatabase: string;
  }
}
export {};
