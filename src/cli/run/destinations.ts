// The places `crashbot run` posts to, from its options and the environment. Each is
// opened on its own: a bad token or an unreachable server is one line on stderr and
// the other destinations still get their alert.
import type { AlertSink } from '../../app/run/ports.js';
import { redactSecrets } from '../../core/redact/index.js';
import type { CommandContext } from '../command.js';

export interface DestinationOptions {
  slackChannel: string | undefined;
  slackWebhook: string | undefined;
  discordWebhook: string | undefined;
  mattermostChannel: string | undefined;
  /** False with --no-post: post nowhere, whatever the environment says. */
  post: boolean;
  timeoutMs: number;
}

export async function openSinks(
  ctx: CommandContext,
  o: DestinationOptions,
): Promise<{ sinks: AlertSink[]; problems: string[] }> {
  const { parseRunConfig } = await import('../../config/config.js');
  const parsed = parseRunConfig(ctx.env);
  if (!parsed.ok) return { sinks: [], problems: parsed.problems.map((p) => `${p.variable}: ${p.message}`) };
  const env = parsed.config;
  const perRequest = Math.max(1000, Math.floor(o.timeoutMs / 3));
  const opening: { what: string; open: () => Promise<AlertSink> }[] = [];
  const slackChannel = o.slackChannel ?? env.slack.channel;
  if (slackChannel) {
    const token = env.slack.botToken;
    opening.push({
      what: `Slack channel ${slackChannel}`,
      open: async () => {
        if (!token) throw new Error('set SLACK_BOT_TOKEN (xoxb-...) to post to a Slack channel');
        const { slackChannelSink } = await import('../../adapters/slack/alert-sinks.js');
        return slackChannelSink({
          token,
          channel: slackChannel,
          apiUrl: env.slack.apiUrl,
          timeoutMs: perRequest,
        });
      },
    });
  }
  const slackHook = o.slackWebhook ?? env.slackWebhookUrl;
  if (slackHook)
    opening.push({
      what: 'the Slack webhook',
      open: async () =>
        (await import('../../adapters/slack/alert-sinks.js')).slackWebhookSink(slackHook, perRequest),
    });
  const discordHook = o.discordWebhook ?? env.discordWebhookUrl;
  if (discordHook)
    opening.push({
      what: 'the Discord webhook',
      open: async () =>
        (await import('../../adapters/discord/alert-sink.js')).discordWebhookSink(discordHook, perRequest),
    });
  const mattermostChannel = o.mattermostChannel ?? env.mattermost.channel;
  if (mattermostChannel) {
    const { url, token } = env.mattermost;
    opening.push({
      what: `Mattermost channel ${mattermostChannel}`,
      open: async () => {
        if (!url || !token)
          throw new Error(
            'set MATTERMOST_URL and MATTERMOST_TOKEN (the bot account) to post to a Mattermost channel',
          );
        const { mattermostChannelSink } = await import('../../adapters/mattermost/alert-sink.js');
        return mattermostChannelSink({ url, token, channel: mattermostChannel, timeoutMs: perRequest });
      },
    });
  }
  const opened = await Promise.allSettled(opening.map((d) => d.open()));
  const sinks: AlertSink[] = [];
  const problems: string[] = [];
  opened.forEach((r, i) => {
    if (r.status === 'fulfilled') sinks.push(r.value);
    else problems.push(`cannot post to ${opening[i]!.what}: ${redactSecrets(describe(r.reason)).text}`);
  });
  return { sinks, problems };
}

function describe(err: unknown): string {
  const e = err as { code?: string; data?: { error?: string }; message?: string };
  if (e?.data?.error) return `Slack answered ${e.data.error}`;
  if (e?.code === 'slack_webapi_request_error' || e?.code === 'ECONNREFUSED')
    return 'the server cannot be reached';
  return e?.message ?? String(err);
}
