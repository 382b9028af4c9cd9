import type { Config } from '../config.js';

/** Fastify's trustProxy option: a predicate over (address, hop) or what Fastify takes as it is. */
export type TrustProxyOption = boolean | string[] | ((address: string, hop: number) => boolean);

/**
 * TRUST_PROXY for Fastify. A hop count becomes "trust the first N hops" (hop 0 is the socket's peer,
 * the proxy itself): Fastify 5 ignores a numeric trustProxy altogether (it trusts no hop, because a
 * count cannot tell a proxy from a client that reached the app directly), which would put every
 * client behind the proxy under the proxy's one address. That trade-off is why a count is only safe
 * while the app is reachable through the proxy alone (HOST=127.0.0.1, or a firewall); the docs say so.
 */
export function trustProxyOption(setting: Config['trustProxy']): TrustProxyOption {
  if (typeof setting !== 'number') return setting;
  const hops = setting;
  return (_address, hop) => hop < hops;
}
