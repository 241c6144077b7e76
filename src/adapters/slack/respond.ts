// Answers to a slash command, a shortcut or a button go through the interaction's
// response_url (ephemeral unless public). When that fails, the Web API is tried.
import type { RespondFn, webApi } from '@slack/bolt';
import type { Reply } from '../../core/reply/model.js';
import { renderSlackMessages } from './blocks.js';
import type { SlackLog } from './logger.js';
import { type Poster, slackErrorCode } from './poster.js';

/** Slack accepts five responses per response_url. */
const MAX_RESPONSES = 5;

export interface Responder {
  respond?: RespondFn | undefined;
  client: webApi.WebClient;
  channel: string;
  user: string;
}

export async function respondWith(
  deps: { poster: Poster; log: SlackLog },
  to: Responder,
  reply: Reply,
  visibleToAll: boolean,
): Promise<boolean> {
  // Files cannot ride on a response; the weekly post carries the chart.
  const messages = renderSlackMessages({ ...reply, files: [] }).slice(0, MAX_RESPONSES);
  if (to.respond) {
    try {
      for (const m of messages) {
        await to.respond({
          response_type: visibleToAll ? 'in_channel' : 'ephemeral',
          replace_original: false,
          text: m.text,
          blocks: m.blocks,
        });
      }
      return true;
    } catch (err) {
      deps.log.warn('response_url failed; answering through the Web API', { error: (err as Error).message });
    }
  }
  try {
    for (const m of messages) {
      await deps.poster.call(() =>
        visibleToAll
          ? to.client.chat.postMessage({ channel: to.channel, text: m.text, blocks: m.blocks })
          : to.client.chat.postEphemeral({
              channel: to.channel,
              user: to.user,
              text: m.text,
              blocks: m.blocks,
            }),
      );
    }
    return true;
  } catch (err) {
    deps.log.warn('could not answer an interaction', { channel: to.channel, code: slackErrorCode(err) });
    return false;
  }
}
