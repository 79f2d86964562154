import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  asAdmin,
  buildPgliteTemplate,
  buildPostgresTemplate,
  TEMPLATE_PREFIX,
  type TemplateLocations,
} from './database-templates.ts';

/** A test database older than this belongs to a run that crashed before its teardown: no run lasts that long. */
const CRASHED_AFTER_MS = 6 * 60 * 60 * 1000;
const DUMPS_PREFIX = 'crust-templates-';

/** The run's own templates, named `prefix…`, when it ends. */
async function dropTemplates(prefix: string): Promise<void> {
  await dropWhere(`d.datname like $1`, `${prefix.replaceAll('_', '\\_')}%`);
}

/** Every test database (templates, file copies, scratch databases) made before `madeBefore`: a crashed run's. */
export async function sweepDatabases(madeBefore: number): Promise<void> {
  await dropWhere(
    `d.datname like 'crust\\_%' and s.description ~ '^[0-9]+$' and s.description::bigint < $1`,
    madeBefore,
  );
}

async function dropWhere(condition: string, value: string | number): Promise<void> {
  await asAdmin(async (c) => {
    const { rows } = await c.query<{ name: string }>(
      `select d.datname as name from pg_database d
        left join pg_shdescription s on s.objoid = d.oid and s.classoid = 'pg_database'::regclass
        where ${condition}`,
      [value],
    );
    for (const { name } of rows) await c.query(`drop database if exists ${name} with (force)`);
  });
}

function sweepDumps(madeBefore: number): void {
  for (const entry of fs.readdirSync(os.tmpdir())) {
    if (!entry.startsWith(DUMPS_PREFIX)) continue;
    const dir = path.join(os.tmpdir(), entry);
    if (fs.statSync(dir).mtimeMs < madeBefore) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Builds the run's two templates (test/database-templates.ts) before any worker starts, hands their locations to
 * the workers, and removes them when the run ends. Each run names its own, so that its teardown never removes
 * another run's still in use on the same PostgreSQL server; the databases a crashed run left behind (templates,
 * file copies, scratch databases) are removed once they are old enough that no run can still be using them.
 */
export default async function setup(project: TestProject) {
  const run = randomBytes(4).toString('hex');
  const madeBefore = Date.now() - CRASHED_AFTER_MS;
  if (project.config.env.TEST_DB === 'postgres') {
    await sweepDatabases(madeBefore);
    const prefix = `${TEMPLATE_PREFIX}${run}_`;
    const [migrated, seeded] = await Promise.all([
      buildPostgresTemplate('migrated', `${prefix}migrated`),
      buildPostgresTemplate('seeded', `${prefix}seeded`),
    ]);
    project.provide('crustTemplates', { migrated, seeded });
    return () => dropTemplates(prefix);
  }
  sweepDumps(madeBefore);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${DUMPS_PREFIX}${run}-`));
  const [migrated, seeded] = await Promise.all([
    buildPgliteTemplate('migrated'),
    buildPgliteTemplate('seeded'),
  ]);
  const locations: TemplateLocations = {
    migrated: path.join(dir, 'migrated.tar'),
    seeded: path.join(dir, 'seeded.tar'),
  };
  fs.writeFileSync(locations.migrated, Buffer.from(await migrated.arrayBuffer()));
  fs.writeFileSync(locations.seeded, Buffer.from(await seeded.arrayBuffer()));
  project.provide('crustTemplates', locations);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
