// The Redis server behind the queue, named by a redis:// URL. BullMQ is given ready ioredis
// clients (in an ES module it cannot load ioredis itself); each queue and worker gets its own.
import { Redis, type RedisOptions } from 'ioredis';
import { UsageError } from '../pairs/source.js';

/** How long the first connection may take before the command gives up on the server. */
const CONNECT_TIMEOUT_MS = 5000;

/** The ioredis options of a `redis://[user:password@]host[:port][/db]` URL (or `rediss://` for TLS). */
export function redisOptions(url: string): RedisOptions {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`--queue: expected redis://HOST:PORT, not ${url}`);
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') throw new UsageError(`--queue: expected redis://HOST:PORT, not ${url}`);
  const db = parsed.pathname.replace(/^\//, '');
  if (db !== '' && !/^\d+$/.test(db)) throw new UsageError(`--queue: the database in ${url} must be a number`);
  return {
    host: parsed.hostname || '127.0.0.1',
    port: parsed.port === '' ? 6379 : Number(parsed.port),
    db: db === '' ? 0 : Number(db),
    username: parsed.username === '' ? undefined : decodeURIComponent(parsed.username),
    password: parsed.password === '' ? undefined : decodeURIComponent(parsed.password),
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
  };
}

/** The clients of one server handed to BullMQ, all closed together when the run or worker ends. */
export interface RedisClients {
  newClient(): Redis;
  disconnectAll(): void;
}

/**
 * Checks once that the server answers, so that a wrong address fails at once with a clear message
 * instead of retrying for ever; then hands out clients that do retry (a server restarted during a
 * run is waited for).
 */
export async function connectRedis(url: string): Promise<RedisClients> {
  const options = redisOptions(url);
  const probe = new Redis({ ...options, lazyConnect: true, connectTimeout: CONNECT_TIMEOUT_MS, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.ping();
  } catch (error) {
    throw new UsageError(`--queue: cannot reach Redis at ${url}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    probe.disconnect();
  }
  const clients: Redis[] = [];
  return {
    newClient() {
      // BullMQ needs maxRetriesPerRequest null: its blocking commands wait out a reconnection.
      const redis = new Redis({ ...options, maxRetriesPerRequest: null });
      clients.push(redis);
      return redis;
    },
    disconnectAll() {
      for (const redis of clients) redis.disconnect();
    },
  };
}
