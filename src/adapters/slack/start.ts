// The Slack front end as the composition root starts it: Socket Mode when
// SLACK_APP_TOKEN is set, HTTP mode (on HOST:PORT) when SLACK_SIGNING_SECRET is set instead.
import type { FrontEndStarter } from '../front-end.js';
import { type SlackTransport, startSlackApp } from './app.js';
import { EVENTS_PATH } from './http-receiver.js';

export const startSlack: FrontEndStarter = async (ctx) => {
  const slack = ctx.config.slack;
  if (!slack) throw new Error('Slack is not configured: set SLACK_BOT_TOKEN');
  let transport: SlackTransport;
  if (slack.appToken) transport = { kind: 'socket', appToken: slack.appToken };
  else if (slack.signingSecret)
    transport = {
      kind: 'http',
      signingSecret: slack.signingSecret,
      port: slack.port,
      ...(slack.host && { host: slack.host }),
    };
  else throw new Error('Slack needs SLACK_APP_TOKEN (Socket Mode) or SLACK_SIGNING_SECRET (HTTP mode)');
  const running = await startSlackApp({
    conversation: ctx.conversation,
    ...(ctx.events && { events: ctx.events }),
    botToken: slack.botToken,
    transport,
    apiUrl: slack.apiUrl,
    log: ctx.log,
    logLevel: ctx.config.logLevel,
  });
  ctx.log.info(
    running.transport === 'socket'
      ? 'Slack connected in Socket Mode'
      : `Slack HTTP mode listening on port ${running.port} (${slack.host ? `host ${slack.host}` : 'every interface'}); point the app's request URLs at ${EVENTS_PATH}`,
  );
  return { platform: 'slack', post: running.post, stop: running.stop, ready: running.ready };
};
