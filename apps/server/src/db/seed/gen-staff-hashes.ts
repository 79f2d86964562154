/** Writes data/staff.ts: the demo staff logins' scrypt hashes (run: npx tsx src/db/seed/gen-staff-hashes.ts). */
import { hashPassword } from '../../crypto/passwords.ts';
import { STORES } from './data/stores.ts';
const lines: string[] = [];
for (const s of STORES) lines.push(`  [${s.id}, '${await hashPassword(`pizza${s.id}`)}'],`);
const admin = await hashPassword('pizza-admin');
const out = `/**
 * Demo staff logins (docs/store-console.md): store<id> / pizza<id> for each store, and the chain admin
 * chainadmin / pizza-admin. The scrypt hashes are computed once, here, so seeding a database (every test file
 * does) costs no hashing. Regenerate with npx tsx src/db/seed/gen-staff-hashes.ts (apps/server) when stores are added.
 */
export const ADMIN_LOGIN = { username: 'chainadmin', name: 'Chain admin', passwordHash: '${admin}' } as const;

/** [storeId, scrypt hash of "pizza<storeId>"] */
export const STORE_STAFF_HASHES: readonly (readonly [number, string])[] = [
${lines.join('\n')}
];
`;
const fs = await import('node:fs');
fs.writeFileSync(new URL('./data/staff.ts', import.meta.url), out);
console.log(STORES.length);
