import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateAndSeed } from '../../db/prepare';
import { env } from '../../src/server/platform/env';
import { databaseUrl } from './pg-url';

/**
 * Against the PostgreSQL server in TEST_DATABASE_URL: one migrated and seeded
 * template database per run; each test file clones it (CREATE DATABASE … TEMPLATE).
 * Every database this run made is dropped at the end, so runs never collide.
 */

export const runPrefix = `kia_test_${process.pid}_${Date.now().toString(36)}`;

export default async function setup(project: TestProject) {
  const adminUrl = env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${project.name.replace(/\W/g, '_')}`;
  const template = `${runPrefix}_${name}_tpl`;

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${template}"`);
  await admin.end();

  await migrateAndSeed({ url: databaseUrl(adminUrl, template), driver: 'pg' });

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplateDatabase', template);

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${runPrefix}_${name}%`]);
    for (const row of rows) await client.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
    await client.end();
  };
}
