import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { COMMAND, SHORTCUT_CALLBACK_ID } from '../../../src/adapters/slack/interactions.js';

const manifest = parse(readFileSync('manifests/slack-app.yaml', 'utf8'));
const scopes: string[] = manifest.oauth_config.scopes.bot;
const events: string[] = manifest.settings.event_subscriptions.bot_events;

/** The Slack source, to find every Web API method the adapter calls. */
function adapterSource(dir = 'src/adapters/slack'): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((e) =>
      e.isDirectory() ? adapterSource(join(dir, e.name)) : readFileSync(join(dir, e.name), 'utf8'),
    )
    .join('\n');
}

/** The bot scope each Web API method needs (Slack's method reference). */
const SCOPE_OF: Record<string, string> = {
  'chat.postMessage': 'chat:write',
  'chat.update': 'chat:write',
  'chat.delete': 'chat:write',
  'chat.postEphemeral': 'chat:write',
  'conversations.join': 'channels:join',
  'conversations.info': 'channels:read',
  'users.info': 'users:read',
  'conversations.replies': 'channels:history',
  'conversations.history': 'channels:history',
  'files.info': 'files:read',
  filesUploadV2: 'files:write',
};

describe('manifests/slack-app.yaml', () => {
  it('GIVEN the manifest THEN it runs in Socket Mode with interactivity on', () => {
    expect(manifest.settings.socket_mode_enabled).toBe(true);
    expect(manifest.settings.interactivity.is_enabled).toBe(true);
  });

  it('GIVEN the shortcut and the slash command the app listens for THEN the manifest declares them', () => {
    expect(manifest.features.shortcuts).toEqual([
      expect.objectContaining({ type: 'message', callback_id: SHORTCUT_CALLBACK_ID, name: 'Diagnose crash' }),
    ]);
    expect(manifest.features.slash_commands.map((c: { command: string }) => c.command)).toEqual([COMMAND]);
    expect(scopes).toContain('commands');
  });

  it.each([
    ['app_mention', 'app_mentions:read'],
    ['message.channels', 'channels:history'],
    ['message.groups', 'groups:history'],
    ['message.im', 'im:history'],
    ['message.mpim', 'mpim:history'],
    ['member_joined_channel', 'channels:read'],
  ])('GIVEN the %s event the listeners handle THEN it is subscribed with the %s scope', (event, scope) => {
    expect(events).toContain(event);
    expect(scopes).toContain(scope);
  });

  it('GIVEN every Web API method the adapter calls THEN its scope is requested', () => {
    const source = adapterSource();
    const called = Object.keys(SCOPE_OF).filter((m) => source.includes(`.${m}(`));
    expect(called.sort()).toEqual(Object.keys(SCOPE_OF).sort());
    for (const method of called) expect(scopes, method).toContain(SCOPE_OF[method]);
  });

  it('GIVEN attached log files THEN the app may read them', () => {
    expect(scopes).toContain('files:read');
  });
});
