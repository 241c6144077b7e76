// Posting a Reply to Slack so it arrives: Slack errors that pass are retried (429s and
// 5xx already are, inside the WebClient), blocks Slack refuses fall back to plain text,
// a public channel the bot is not in is joined once. What still fails comes back as a
// value with Slack's error code, for the caller to report.
import type { webApi } from '@slack/bolt';
import type { Reply } from '../../core/reply/model.js';
import { renderPlainMessage, renderSlackMessages, type SlackMessage } from './blocks.js';
import type { SlackLog } from './logger.js';

type WebClient = webApi.WebClient;

export type PostResult = { ok: true; ts: string[] } | { ok: false; code: string };

export interface Target {
  channel: string;
  threadTs?: string;
  /** Message metadata for the first message (the weekly summary's post key). */
  metadata?: { event_type: string; event_payload: Record<string, string> };
}

export interface PosterDeps {
  log: SlackLog;
  sleep: (ms: number) => Promise<void>;
  /** Waits before each retry of a transient Slack error; its length is the number of retries. */
  retryDelaysMs: readonly number[];
}

const TRANSIENT = new Set([
  'internal_error',
  'fatal_error',
  'service_unavailable',
  'request_timeout',
  'ratelimited',
  'slack_webapi_request_error',
  'slack_webapi_http_error',
  'slack_webapi_rate_limited_error',
]);
const REFUSED_BLOCKS = new Set([
  'invalid_blocks',
  'invalid_blocks_format',
  'msg_blocks_too_long',
  'msg_too_long',
]);

/** Slack's error code (`not_in_channel`) or the SDK's (`slack_webapi_request_error`). */
export function slackErrorCode(err: unknown): string {
  const e = err as { code?: unknown; data?: { error?: unknown } } | null;
  if (typeof e?.data?.error === 'string') return e.data.error;
  return typeof e?.code === 'string' ? e.code : 'unknown_error';
}

export interface Poster {
  /** Retries `fn` on transient Slack errors; the error of the last try is thrown. */
  call<T>(fn: () => Promise<T>): Promise<T>;
  post(client: WebClient, target: Target, reply: Reply): Promise<PostResult>;
  /** Replaces an earlier answer (its messages `ts`) with `reply`: updates, adds or deletes messages. */
  update(client: WebClient, target: Target, ts: readonly string[], reply: Reply): Promise<PostResult>;
}

export function createPoster(deps: PosterDeps): Poster {
  async function call<T>(fn: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fn();
      } catch (err) {
        const code = slackErrorCode(err);
        const wait = deps.retryDelaysMs[attempt];
        if (!TRANSIENT.has(code) || wait === undefined) throw err;
        deps.log.warn('Slack call failed; retrying', { code, attempt: attempt + 1 });
        await deps.sleep(wait);
      }
    }
  }

  const send = (client: WebClient, target: Target, m: SlackMessage, first: boolean) =>
    call(() =>
      client.chat.postMessage({
        channel: target.channel,
        text: m.text,
        ...(m.blocks.length > 0 && { blocks: m.blocks }),
        unfurl_links: false,
        unfurl_media: false,
        ...(target.threadTs && { thread_ts: target.threadTs }),
        ...(first && target.metadata && { metadata: target.metadata }),
      }),
    );

  async function postAll(client: WebClient, target: Target, messages: SlackMessage[]): Promise<PostResult> {
    const ts: string[] = [];
    for (const [i, m] of messages.entries()) {
      try {
        const res = await send(client, target, m, i === 0);
        ts.push(res.ts ?? '');
      } catch (err) {
        const code = slackErrorCode(err);
        if (i === 0) return { ok: false, code };
        deps.log.warn('a follow-up message of a reply could not be posted', { code, part: i + 1 });
        break;
      }
    }
    return { ok: true, ts };
  }

  async function post(client: WebClient, target: Target, reply: Reply): Promise<PostResult> {
    let result = await postAll(client, target, renderSlackMessages(reply));
    if (!result.ok && result.code === 'not_in_channel' && (await join(client, target.channel))) {
      result = await postAll(client, target, renderSlackMessages(reply));
    }
    if (!result.ok && REFUSED_BLOCKS.has(result.code)) {
      deps.log.warn('Slack refused the reply blocks; posting plain text', { code: result.code });
      result = await postAll(client, target, [renderPlainMessage(reply)]);
    }
    return result;
  }

  async function join(client: WebClient, channel: string): Promise<boolean> {
    try {
      await call(() => client.conversations.join({ channel }));
      return true;
    } catch (err) {
      deps.log.info('could not join the channel', { channel, code: slackErrorCode(err) });
      return false;
    }
  }

  async function update(client: WebClient, target: Target, ts: readonly string[], reply: Reply) {
    let messages = renderSlackMessages(reply);
    const [firstTs] = ts;
    if (firstTs === undefined) return post(client, target, reply);
    const edit = (at: string, m: SlackMessage) =>
      call(() => client.chat.update({ channel: target.channel, ts: at, text: m.text, blocks: m.blocks }));
    try {
      await edit(firstTs, messages[0]!);
    } catch (err) {
      const code = slackErrorCode(err);
      if (code === 'message_not_found') return post(client, target, reply);
      if (!REFUSED_BLOCKS.has(code)) return { ok: false as const, code };
      messages = [renderPlainMessage(reply)];
      await edit(firstTs, messages[0]!).catch(() => {});
    }
    const kept: string[] = [firstTs];
    for (const [i, m] of messages.entries()) {
      if (i === 0) continue;
      const at = ts[i];
      const ok = at
        ? await edit(at, m).then(
            () => at,
            () => null,
          )
        : await send(client, target, m, false).then(
            (r) => r.ts ?? null,
            () => null,
          );
      if (ok) kept.push(ok);
    }
    for (const stale of ts.slice(messages.length)) {
      await call(() => client.chat.delete({ channel: target.channel, ts: stale })).catch((err: unknown) =>
        deps.log.warn('could not delete an outdated reply message', { code: slackErrorCode(err) }),
      );
    }
    return { ok: true as const, ts: kept };
  }

  return { call, post, update };
}
