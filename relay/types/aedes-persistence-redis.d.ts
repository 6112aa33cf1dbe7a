// aedes-persistence-redis ships no types: what relay/relay.mjs uses of it. It makes the
// persistence Aedes keeps retained messages, sessions and subscriptions in, over ioredis; its
// `destroy()` without a callback answers a promise (aedes-persistence's own type says void).
declare module 'aedes-persistence-redis' {
  import type { Redis } from 'ioredis';
  /** A persistence in the Redis that `conn` reaches; `maxSessionDelivery` caps queued messages. */
  export default function redisPersistence(options: { conn: Redis; maxSessionDelivery?: number; packetTTL?: () => number }): { destroy(): Promise<unknown> };
}
