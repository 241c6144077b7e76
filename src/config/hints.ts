// How to fix each setting, for the problems config parsing reports: every variable
// crashbot reads has one line saying what it takes (a test holds that each has one).
// A problem then reads `PORT: is "abc"; use a port number from 0 to 65535 ...`, never
// the schema library's own wording. A secret's value is never repeated.
import { MAX_IMAGE_BYTES } from './limits.js';
import { SECRET_SETTINGS } from './secret-files.js';

export const ADDRESS_HINT = 'must be an interface address or host name such as 127.0.0.1, ::1 or 0.0.0.0';

const BOOLEAN = (dflt: 'true' | 'false') => `use true or false (default ${dflt})`;
const WHOLE = (range: string, dflt: string) => `use a whole number ${range} (default ${dflt})`;

export const HOW_TO_FIX: Readonly<Record<string, string>> = {
  DATABASE_URL: 'use a URL such as postgres://user:password@host:5432/crashbot, or unset it to use SQLite',
  CRASHBOT_DB_PATH: 'give the SQLite file, such as ./data/crashbot.sqlite',
  CRASHBOT_SQLITE_SYNCHRONOUS: 'use normal (the default) or full',
  CRASHBOT_USER_SALT:
    'give a long random text such as the output of openssl rand -hex 32, the same on every instance (on SQLite, unset it to use the salt file kept beside the database)',
  SLACK_BOT_TOKEN:
    'copy the Bot User OAuth Token (xoxb-...) from your Slack app\'s "OAuth & Permissions" page',
  SLACK_APP_TOKEN:
    'create an app-level token with the connections:write scope (xapp-...) under "Basic Information"',
  SLACK_SIGNING_SECRET: 'copy the Signing Secret from your Slack app\'s "Basic Information" page',
  SLACK_API_URL: 'use a URL such as https://slack.com/api/, or unset it to reach Slack itself',
  PORT: 'use a port number from 0 to 65535 such as 3000 (where Slack HTTP mode listens; 0 picks a free one)',
  HOST: `use an address; it ${ADDRESS_HINT}, or unset it for every interface`,
  DISCORD_TOKEN: 'copy the bot token from the Discord developer portal, Bot page',
  DISCORD_APPLICATION_ID:
    'copy the Application ID from the Discord developer portal, General Information page',
  DISCORD_API_URL: 'use a URL such as https://discord.com/api, or unset it to reach Discord itself',
  DISCORD_MESSAGE_CONTENT:
    'use true (and turn on "Message Content Intent" on the Bot page) or false (the default)',
  DISCORD_GLOBAL_REQUESTS_PER_SECOND: WHOLE('from 1 to 100000', "50, Discord's own"),
  MATTERMOST_URL: 'set it to the address of your Mattermost server, such as https://chat.example.com',
  MATTERMOST_TOKEN:
    "create the bot's access token in Mattermost (Integrations > Bot Accounts > Create New Token) and set it",
  MATTERMOST_COMMAND_TOKEN:
    'copy the Token Mattermost shows for the /crash slash command (Integrations > Slash Commands)',
  MATTERMOST_COMMAND_PORT:
    'use a port number from 1 to 65535 that nothing else on this machine uses (default 3002)',
  MATTERMOST_COMMAND_HOST: `use an address; it ${ADDRESS_HINT}, or unset it for every interface`,
  MATTERMOST_CALLBACK_URL:
    "set it to crashbot's address as Mattermost reaches it, such as http://crashbot:3002, or unset it (no buttons)",
  CRASHBOT_TIMEZONE: 'use an IANA time zone name such as Europe/Berlin',
  CRASHBOT_MAX_LOG_BYTES: 'use a whole number of bytes above 0, such as 5242880 (5 MB, the default)',
  CRASHBOT_RATE_USER_PER_MINUTE: WHOLE('from 0 (no limit) up', '10'),
  CRASHBOT_RATE_CHANNEL_PER_MINUTE: WHOLE('from 0 (no limit) up', '30'),
  CRASHBOT_LISTEN_COOLDOWN_SECONDS: WHOLE('of seconds from 0 (none) up', '30'),
  LOG_LEVEL: 'use debug, info (the default), warn or error',
  CRASHBOT_SHUTDOWN_TIMEOUT_SECONDS: 'use a number of seconds from 0 to 3600 (default 6)',
  CRASHBOT_OCR: BOOLEAN('true'),
  CRASHBOT_OCR_WORKERS: WHOLE('from 1 to 16', '1'),
  CRASHBOT_OCR_QUEUE: WHOLE('from 0 to 1000', '8'),
  CRASHBOT_OCR_TIMEOUT_SECONDS: 'use a number of seconds above 0, up to 600 (default 20)',
  CRASHBOT_MAX_IMAGE_BYTES: `use a whole number of bytes above 0, up to ${MAX_IMAGE_BYTES} (default 10485760)`,
  CRASHBOT_MAX_IMAGE_PIXELS: WHOLE('above 0', '25000000'),
  CRASHBOT_METRICS_PORT:
    'use a port number from 1 to 65535 (0 picks a free one), or unset it to turn health and metrics off',
  CRASHBOT_METRICS_HOST: `use an address; it ${ADDRESS_HINT} (default 127.0.0.1)`,
  CRASHBOT_MATTERMOST_CHANNEL:
    'give the channel id (26 letters and digits, from View Info in the channel menu)',
  CRASHBOT_SLACK_CHANNEL: 'give the channel id, such as C0123ABC (channel details, at the bottom)',
  CRASHBOT_SLACK_WEBHOOK_URL: 'copy the https:// URL from the Slack app\'s "Incoming Webhooks" page',
  CRASHBOT_DISCORD_WEBHOOK_URL: "copy the https:// URL from the channel's Integrations > Webhooks",
};

const SECRET = new Set<string>(SECRET_SETTINGS);
/** The schema library's own wording, which says nothing a person can act on. */
const LIBRARY_WORDING = /^(?:Invalid|Too (?:small|big)|Expected|Required)\b/;

/** A problem of `variable` as a person can act on it: what was wrong, and how to fix it. */
export function describeProblem(variable: string, message: string, value: string | undefined): string {
  const fix = HOW_TO_FIX[variable];
  if (!LIBRARY_WORDING.test(message)) return fix ? `${message}; ${fix}` : message;
  const got =
    value === undefined ? 'is not set' : SECRET.has(variable) ? 'is not valid' : `is ${shown(value)}`;
  return `${got}; ${fix ?? 'see the Configuration section of the README'}`;
}

function shown(value: string): string {
  const v = value.length > 60 ? `${value.slice(0, 57)}...` : value;
  return JSON.stringify(v);
}
