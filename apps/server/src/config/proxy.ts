import proxyAddr from '@fastify/proxy-addr';

/**
 * Whose X-Forwarded-For the server believes (docs/security.md "Proxies"). Off by default: a client's own header
 * must never choose the address that per-address limits count.
 */
export type TrustProxy =
  | { kind: 'none' }
  /** the proxies' own addresses or CIDRs (and proxy-addr's names loopback, linklocal, uniquelocal) */
  | { kind: 'addresses'; addresses: string[] }
  /** this many hops in front of the server are proxies, whoever the socket peer is */
  | { kind: 'hops'; hops: number };

/** TRUST_PROXY: unset or "false"; a hop count ("1"); or a comma-separated list of addresses and CIDRs. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return { kind: 'none' };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops === 0 ? { kind: 'none' } : { kind: 'hops', hops };
  }
  if (text === 'true')
    throw new Error(
      'TRUST_PROXY=true would believe any client about its address: list the proxies (TRUST_PROXY=10.0.0.0/8) or give a hop count',
    );
  const addresses = text.split(',').map((a) => a.trim());
  try {
    if (addresses.some((a) => a === '')) throw new Error('empty entry');
    proxyAddr.compile(addresses);
  } catch (err) {
    throw new Error(
      `TRUST_PROXY must be addresses or CIDRs separated by commas, or a hop count, got "${text}" (${(err as Error).message})`,
    );
  }
  return { kind: 'addresses', addresses };
}

/** Fastify's trustProxy option. A hop count is given as a function: Fastify 5 treats a bare number as "trust nobody". */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((addr: string, i: number) => boolean) {
  switch (trust.kind) {
    case 'none':
      return false;
    case 'addresses':
      return trust.addresses;
    case 'hops': {
      const { hops } = trust;
      return (_addr, i) => i < hops;
    }
  }
}

/** Whether a socket peer is one of the listed proxies (they carry many clients: no per-peer connection cap). */
export function isTrustedProxyPeer(trust: TrustProxy): (addr: string) => boolean {
  if (trust.kind !== 'addresses') return () => false;
  const trusted = proxyAddr.compile(trust.addresses);
  return (addr) => trusted(addr, 0);
}
