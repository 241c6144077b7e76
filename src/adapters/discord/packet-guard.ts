// discord.js reads each gateway event in its own code. An event it cannot read (a
// payload without a field it expects) throws there, outside every handler of ours,
// and would end the process as an unhandled rejection. This wraps that one step so
// such an event is logged and dropped and the next one is read as usual.
import type { Client } from 'discord.js';
import type { Logger } from '../../app/logger.js';

type PacketHandler = (this: unknown, packet: unknown, shard: unknown) => boolean;

/** Returns false (and logs) when this discord.js has no packet step to guard. */
export function guardPackets(client: Client, log: Logger, trouble: () => void = () => {}): boolean {
  const ws = client.ws as unknown as { handlePacket?: PacketHandler };
  const original = ws.handlePacket;
  if (typeof original !== 'function') {
    log.warn('this discord.js version reads gateway events differently; malformed events are not guarded');
    return false;
  }
  ws.handlePacket = function guarded(packet, shard) {
    try {
      return original.call(this, packet, shard);
    } catch (err) {
      trouble();
      log.warn('dropped a gateway event that could not be read', {
        event: (packet as { t?: unknown } | null)?.t ?? null,
        error: (err as Error).message,
      });
      return true;
    }
  };
  return true;
}
