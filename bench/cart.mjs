// The cart scenario of `npm run bench:api`: every connection, over and over, creates a cart, adds three
// items one call at a time and applies a coupon (5 requests per cart), as a guest. Latency is over all
// requests; carts/s is complete scenarios per second.
import autocannon from 'autocannon';
import pg from 'pg';

const ITEMS = [
  { productCode: 'PIZ0105', crustId: 1, sizeId: 2, quantity: 1 },
  { productCode: 'PIZ0106', crustId: 1, sizeId: 2, quantity: 1 },
  { productCode: 'SID0401', crustId: 6, sizeId: 4, quantity: 1 },
];

async function guestHeaders(url) {
  const res = await fetch(`${url}/api/v1/session/anonymous`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const { data } = await res.json();
  return {
    'content-type': 'application/json',
    sessiontoken: data.credentials.sessionToken,
    authtoken: data.credentials.accessKeyId,
    userid: data.userId,
    storeid: '3001',
    deliverytype: 'D',
  };
}

export async function runCartScenario(url, { connections, duration }) {
  const headers = await guestHeaders(url);
  const cartPath = (ctx, suffix) => `/api/v1/carts/${ctx.cartId}${suffix}`;
  let failed = 0;
  const expectSuccess = (status, body) => {
    if (status !== 200 || !body.includes('"SUCCESS"')) {
      failed += 1;
      if (process.env.BENCH_DEBUG) console.error(status, body.slice(0, 200));
    }
  };
  const requests = [
    {
      method: 'POST',
      path: '/api/v1/carts',
      body: JSON.stringify({ items: [] }),
      onResponse: (status, body, ctx) => {
        expectSuccess(status, body);
        ctx.cartId = JSON.parse(body).data?.cartId;
      },
    },
    ...ITEMS.map((item) => ({
      method: 'POST',
      setupRequest: (req, ctx) => ({ ...req, path: cartPath(ctx, '/items'), body: JSON.stringify({ item }) }),
      onResponse: expectSuccess,
    })),
    {
      method: 'POST',
      setupRequest: (req, ctx) => ({
        ...req,
        path: cartPath(ctx, '/promo'),
        body: JSON.stringify({ code: 'SAVE20' }),
      }),
      onResponse: expectSuccess,
    },
  ];
  const result = await new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers, requests }, (err, r) =>
      err ? reject(err) : resolve(r),
    );
  });
  return {
    rps: result.requests.average,
    cartsPerSecond: result.requests.average / requests.length,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + failed,
    timeouts: result.timeouts,
  };
}

/** A throwaway PostgreSQL database beside `baseUrl`, for one bench run. */
export async function scratchDatabase(baseUrl, name = `crust_bench_${process.pid}`) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
