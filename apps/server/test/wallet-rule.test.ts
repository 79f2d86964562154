import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_TEXTS } from '../src/modules/orders/texts.ts';
import { WalletService } from '../src/modules/wallet/service.ts';
import { createOrderApp, customers, ok, orderClient, rows } from './order-support.ts';
import type { GatewayTestApp } from './pg-support.ts';

/** Issue 15 §2, SPEC §5: the confirm itself refuses the wallet where the rule says it cannot be used. */
let t: GatewayTestApp;
beforeAll(async () => {
  t = await createOrderApp();
});
afterAll(() => t.close());

const newCustomer = customers(() => t);

describe('the wallet rule at confirm', () => {
  it('refuses the wallet while the chain has switched it off, and takes it again once it is back', async () => {
    const who = await newCustomer();
    await new WalletService(t.database.db).credit(who.userId, 100_000, 'topup-rule');
    const c = orderClient(t, who);
    const cart = await c.cart();
    const walletOnly = c.body(cart, { primaryPaymentId: null, secondaryPaymentId: 'PIGGYBANK' });
    // the chain's stored config, with the wallet feature taken out for a moment
    const [saved] = await rows<{ value: unknown }>(t, sql`select value from app_config where key = 'remote'`);
    const write = (value: unknown) =>
      t.database.db.execute(
        sql`insert into app_config (key, value) values ('remote', ${JSON.stringify(value)}::jsonb)
            on conflict (key) do update set value = excluded.value`,
      );
    await write({ ...(saved?.value as object), features: ['offers'] });
    try {
      expect(await c.confirm(walletOnly)).toMatchObject({
        status: 'FAILED',
        errors: [{ code: 'WALLET_UNAVAILABLE', displayMsg: ORDER_TEXTS.walletNotHere }],
      });
    } finally {
      if (saved) await write(saved.value);
      else await t.database.db.execute(sql`delete from app_config where key = 'remote'`);
    }
    expect(ok(await c.confirm(walletOnly)).nextAction).toBe('THANKYOU');
  });
});
