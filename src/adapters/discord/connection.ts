// The gateway connection's life in the log: errors, disconnects, reconnects, resumes
// and rate limits. discord.js resumes or reconnects by itself; an 'error' listener
// must exist or an error event would end the process.
import { type Client, Events, RESTEvents } from 'discord.js';
import type { Logger } from '../../app/logger.js';

/** `trouble` is told of each failure of the client or the gateway (counted as a front end failure). */
export function watchConnection(client: Client, log: Logger, trouble: () => void = () => {}): void {
  client.on(Events.Error, (err) => {
    trouble();
    log.warn('client error', { error: err.message });
  });
  client.on(Events.Warn, (message) => log.warn(message));
  client.on(Events.ShardError, (err, shard) => {
    trouble();
    log.warn('gateway error', { shard, error: err.message });
  });
  client.on(Events.ShardDisconnect, (event, shard) => {
    trouble();
    log.warn('gateway closed for good', { shard, code: event.code });
  });
  client.on(Events.ShardReconnecting, (shard) => log.info('gateway reconnecting', { shard }));
  client.on(Events.ShardResume, (shard, replayed) => log.info('gateway resumed', { shard, replayed }));
  client.rest.on(RESTEvents.RateLimited, (info) =>
    log.info('rate limited; waiting', {
      route: info.route,
      retryAfterMs: info.retryAfter,
      global: info.global,
    }),
  );
}
