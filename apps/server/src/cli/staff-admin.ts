/**
 * npm run staff:admin -w @crust/server -- --username <name> [--name "Full name"] [--reset]
 *
 * Makes a chain-admin login with a one-time password (or, with --reset, gives an existing login a new one) in the
 * database the server uses (DATA_DIR or DATABASE_URL, as for npm start), and prints the password once. The store
 * console makes its owner choose a new password at first login. Production seeds no staff: this is how its first
 * admin is made (docs/operations.md).
 */
import { parseArgs } from 'node:util';
import { databaseLocationOf } from '../config/app-config.ts';
import { openDatabase } from '../db/client.ts';
import { issueChainAdmin } from '../modules/staff/accounts.ts';

async function run(): Promise<number> {
  const { values } = parseArgs({
    options: {
      username: { type: 'string' },
      name: { type: 'string', default: 'Chain admin' },
      reset: { type: 'boolean', default: false },
    },
  });
  if (!values.username) {
    console.error(
      'usage: npm run staff:admin -w @crust/server -- --username <name> [--name "Full name"] [--reset]',
    );
    return 2;
  }
  const database = await openDatabase(databaseLocationOf(process.env));
  try {
    const result = await issueChainAdmin(database.db, {
      username: values.username,
      name: values.name,
      reset: values.reset,
    });
    if (!result.ok) {
      console.error(`staff:admin: ${result.reason}`);
      return 1;
    }
    console.log(`${result.created ? 'Chain admin created' : 'One-time password reset'}: ${result.username}`);
    console.log(`One-time password: ${result.oneTimePassword}`);
    console.log('It is shown only now. Log in at /store; the console asks for a new password at once.');
    return 0;
  } finally {
    await database.close();
  }
}

run().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
