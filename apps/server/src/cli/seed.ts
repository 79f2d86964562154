/**
 * npm run seed -w @crust/server
 *
 * Migrates and seeds the database the server uses (DATA_DIR or DATABASE_URL, as for npm start) without starting
 * it: for a database that starts with SEED_ON_START=false. Seeding is idempotent; with NODE_ENV=production it
 * writes the catalogue and no demo logins, as the server's own start does.
 */
import { databaseLocationOf } from '../config/app-config.ts';
import { openDatabase } from '../db/client.ts';
import { rebuildSnapshots } from '../modules/menu/service.ts';
import { seedDemoData } from '../db/seed/index.ts';

async function run(): Promise<void> {
  const database = await openDatabase(databaseLocationOf(process.env));
  try {
    const { applied } = await seedDemoData(database.db, {
      production: process.env.NODE_ENV === 'production',
    });
    if (applied) await rebuildSnapshots(database.db);
    console.log(applied ? 'Seeded.' : 'Already seeded: nothing to do.');
  } finally {
    await database.close();
  }
}

run().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
