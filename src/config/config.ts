// The one reader of process.env: one zod schema over the environment (and .env) -> a
// frozen Config, or every problem with the variable's name and how to fix it.
import { z } from 'zod';
import { ADDRESS_HINT, describeProblem, HOW_TO_FIX } from './hints.js';
import { MAX_IMAGE_BYTES, type OcrConfig } from './limits.js';
import { type ReadSecretFile, resolveSecretFiles, SECRET_SETTINGS } from './secret-files.js';

const optionalText = z
  .string()
  .trim()
  .transform((s) => (s === '' ? undefined : s))
  .optional();

const port = z.coerce.number().int().min(0).max(65535);
const ADDRESS = /^[A-Za-z0-9.:_-]+$/;

export const envSchema = z.object({
  // Storage
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  CRASHBOT_DB_PATH: z.string().trim().min(1).default('./data/crashbot.sqlite'),
  CRASHBOT_SQLITE_SYNCHRONOUS: z.enum(['normal', 'full']).default('normal'),
  CRASHBOT_USER_SALT: optionalText,
  // Slack
  SLACK_BOT_TOKEN: optionalText.pipe(z.string().startsWith('xoxb-', 'must start with xoxb-').optional()),
  SLACK_APP_TOKEN: optionalText.pipe(z.string().startsWith('xapp-', 'must start with xapp-').optional()),
  SLACK_SIGNING_SECRET: optionalText,
  SLACK_API_URL: optionalText.pipe(z.url().optional()),
  PORT: port.default(3000),
  /** Slack HTTP mode's interface; unset: every interface (IPv6 and IPv4). */
  HOST: optionalText.pipe(z.string().regex(ADDRESS, ADDRESS_HINT).optional()),
  // Discord
  DISCORD_TOKEN: optionalText,
  DISCORD_APPLICATION_ID: optionalText.pipe(
    z.string().regex(/^\d+$/, 'must be the numeric application id').optional(),
  ),
  DISCORD_API_URL: optionalText.pipe(z.url().optional()),
  DISCORD_MESSAGE_CONTENT: z.enum(['true', 'false']).default('false'),
  DISCORD_GLOBAL_REQUESTS_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(50),
  // Mattermost
  MATTERMOST_URL: optionalText.pipe(
    z.url().startsWith('http', 'must be the http:// or https:// address of the Mattermost server').optional(),
  ),
  MATTERMOST_TOKEN: optionalText,
  MATTERMOST_COMMAND_TOKEN: optionalText,
  MATTERMOST_COMMAND_PORT: port.default(3002),
  /** The /crash endpoint's interface; unset: every interface (IPv6 and IPv4). */
  MATTERMOST_COMMAND_HOST: optionalText.pipe(z.string().regex(ADDRESS, ADDRESS_HINT).optional()),
  MATTERMOST_CALLBACK_URL: optionalText.pipe(
    z.url().startsWith('http', 'must be an http:// or https:// URL that Mattermost can reach').optional(),
  ),
  // Behaviour
  CRASHBOT_TIMEZONE: z.string().trim().min(1).default('UTC'),
  CRASHBOT_MAX_LOG_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  CRASHBOT_RATE_USER_PER_MINUTE: z.coerce.number().int().min(0).default(10),
  CRASHBOT_RATE_CHANNEL_PER_MINUTE: z.coerce.number().int().min(0).default(30),
  CRASHBOT_LISTEN_COOLDOWN_SECONDS: z.coerce.number().int().min(0).default(30),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  // On SIGTERM/SIGINT: how long events in flight may take before the bot exits anyway
  CRASHBOT_SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(3600).default(6),
  // Screenshots (OCR)
  CRASHBOT_OCR: z.enum(['true', 'false']).default('true'),
  CRASHBOT_OCR_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  CRASHBOT_OCR_QUEUE: z.coerce.number().int().min(0).max(1000).default(8),
  CRASHBOT_OCR_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(20),
  CRASHBOT_MAX_IMAGE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .max(MAX_IMAGE_BYTES)
    .default(10 * 1024 * 1024),
  CRASHBOT_MAX_IMAGE_PIXELS: z.coerce.number().int().positive().default(25_000_000),
  // Health and metrics (off unless a port is set)
  CRASHBOT_METRICS_PORT: optionalText.pipe(
    z.coerce
      .number<string>('must be a port number')
      .int('must be a whole number')
      .min(0)
      .max(65535)
      .optional(),
  ),
  CRASHBOT_METRICS_HOST: z.string().trim().regex(ADDRESS, ADDRESS_HINT).default('127.0.0.1'),
});

export type Env = z.infer<typeof envSchema>;

/** Every variable crashbot reads: the schema's, and `<NAME>_FILE` for each secret. */
export function knownVariables(): string[] {
  return [...Object.keys(envSchema.shape), ...SECRET_SETTINGS.map((name) => `${name}_FILE`)];
}

export interface Config {
  readonly store:
    | {
        readonly kind: 'sqlite';
        readonly path: string;
        /** 'full': every commit reaches the disk before it returns (power-loss safe); 'normal' (default): the OS has it. */
        readonly synchronous?: 'normal' | 'full';
      }
    | { readonly kind: 'postgres'; readonly url: string };
  readonly userSalt: string | undefined;
  readonly slack: {
    readonly botToken: string;
    readonly appToken: string | undefined;
    readonly signingSecret: string | undefined;
    readonly apiUrl: string | undefined;
    readonly port: number;
    /** HTTP mode's interface (HOST); undefined: every interface. */
    readonly host: string | undefined;
  } | null;
  readonly discord: {
    readonly token: string;
    readonly applicationId: string | undefined;
    readonly apiUrl: string | undefined;
    readonly messageContent: boolean;
    /** Discord's global request limit for this bot: 50 unless Discord raised it. */
    readonly globalRequestsPerSecond: number;
  } | null;
  /** Absent or null: no Mattermost. */
  readonly mattermost?: {
    /** The server's address, e.g. https://chat.example.com. */
    readonly url: string;
    /** The bot account's access token. */
    readonly token: string;
    /** The /crash slash command's token; undefined: no /crash endpoint (and no buttons). */
    readonly commandToken: string | undefined;
    readonly commandPort: number;
    readonly commandHost: string | undefined;
    /** crashbot's endpoint as Mattermost reaches it (buttons post there); undefined: no buttons. */
    readonly callbackUrl: string | undefined;
  } | null;
  readonly timezone: string;
  readonly maxLogBytes: number;
  /** Abuse limits: diagnoses per person and per channel per minute (0: none), and listening's cool-down. */
  readonly limits: {
    readonly userPerMinute: number;
    readonly channelPerMinute: number;
    readonly listenCooldownSeconds: number;
  };
  readonly logLevel: Env['LOG_LEVEL'];
  /** On SIGTERM/SIGINT, the bound on finishing the events in flight before exiting. */
  readonly shutdownTimeoutMs: number;
  /** Reading screenshots; null when CRASHBOT_OCR=false. */
  readonly ocr?: OcrConfig | null;
  /** The health and metrics server (/healthz, /readyz, /metrics); absent: off. Port 0 picks a free port. */
  readonly metrics?: { readonly port: number; readonly host: string };
}

export type { OcrConfig } from './limits.js';

function ocrConfig(
  e: Pick<
    Env,
    | 'CRASHBOT_OCR'
    | 'CRASHBOT_OCR_WORKERS'
    | 'CRASHBOT_OCR_QUEUE'
    | 'CRASHBOT_OCR_TIMEOUT_SECONDS'
    | 'CRASHBOT_MAX_IMAGE_BYTES'
    | 'CRASHBOT_MAX_IMAGE_PIXELS'
  >,
): OcrConfig | null {
  if (e.CRASHBOT_OCR === 'false') return null;
  return {
    workers: e.CRASHBOT_OCR_WORKERS,
    queue: e.CRASHBOT_OCR_QUEUE,
    timeoutMs: e.CRASHBOT_OCR_TIMEOUT_SECONDS * 1000,
    maxBytes: e.CRASHBOT_MAX_IMAGE_BYTES,
    maxPixels: e.CRASHBOT_MAX_IMAGE_PIXELS,
  };
}

const ocrSchema = envSchema.pick({
  CRASHBOT_OCR: true,
  CRASHBOT_OCR_WORKERS: true,
  CRASHBOT_OCR_QUEUE: true,
  CRASHBOT_OCR_TIMEOUT_SECONDS: true,
  CRASHBOT_MAX_IMAGE_BYTES: true,
  CRASHBOT_MAX_IMAGE_PIXELS: true,
});

/** The screenshot settings alone (for `crashbot diagnose shot.png`, which needs no chat settings). */
export function parseOcrConfig(
  env: Readonly<Record<string, string | undefined>>,
): { ok: true; config: OcrConfig | null } | { ok: false; problems: ConfigProblem[] } {
  const parsed = ocrSchema.safeParse(env);
  if (!parsed.success)
    return {
      ok: false,
      problems: issueProblems(parsed.error.issues, env),
    };
  return { ok: true, config: ocrConfig(parsed.data) };
}

export interface ConfigProblem {
  variable: string;
  message: string;
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: ConfigProblem[] };

export interface ParseOptions {
  /** Reads a `<NAME>_FILE` secret; the file system when not given. */
  readSecretFile?: ReadSecretFile;
}

/**
 * Parses the environment: pass process.env (after dotenv) from the composition root.
 * Reads nothing but the files `<NAME>_FILE` variables name (through `readSecretFile`).
 */
export function parseConfig(
  input: Readonly<Record<string, string | undefined>>,
  options: ParseOptions = {},
): ConfigResult {
  const secrets = resolveSecretFiles(input, options.readSecretFile);
  if (!secrets.ok) return { ok: false, problems: secrets.problems };
  const env = secrets.env;
  const parsed = envSchema.safeParse(env);
  const problems: ConfigProblem[] = [];
  if (!parsed.success) return { ok: false, problems: issueProblems(parsed.error.issues, env) };
  const e = parsed.data;
  if (!isTimeZone(e.CRASHBOT_TIMEZONE)) {
    problems.push({
      variable: 'CRASHBOT_TIMEZONE',
      message: withFix('CRASHBOT_TIMEZONE', 'unknown time zone'),
    });
  }
  if ((e.SLACK_APP_TOKEN || e.SLACK_SIGNING_SECRET) && !e.SLACK_BOT_TOKEN) {
    problems.push({
      variable: 'SLACK_BOT_TOKEN',
      message: withFix('SLACK_BOT_TOKEN', 'is required when Slack is configured'),
    });
  }
  if (e.SLACK_BOT_TOKEN && !e.SLACK_APP_TOKEN && !e.SLACK_SIGNING_SECRET) {
    problems.push({
      variable: 'SLACK_APP_TOKEN',
      message: `set SLACK_APP_TOKEN for Socket Mode, or SLACK_SIGNING_SECRET for HTTP mode; ${HOW_TO_FIX.SLACK_APP_TOKEN}`,
    });
  }
  if (e.DISCORD_APPLICATION_ID && !e.DISCORD_TOKEN) {
    problems.push({
      variable: 'DISCORD_TOKEN',
      message: withFix('DISCORD_TOKEN', 'is required when DISCORD_APPLICATION_ID is set'),
    });
  }
  problems.push(...mattermostProblems(e));
  const slackHttp = e.SLACK_BOT_TOKEN && !e.SLACK_APP_TOKEN && e.SLACK_SIGNING_SECRET;
  if (slackHttp && e.CRASHBOT_METRICS_PORT && e.CRASHBOT_METRICS_PORT === e.PORT) {
    problems.push({
      variable: 'CRASHBOT_METRICS_PORT',
      message: withFix('CRASHBOT_METRICS_PORT', `is PORT (${e.PORT}), where Slack's HTTP mode listens`),
    });
  }
  if (problems.length) return { ok: false, problems };
  const config: Config = {
    store: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', path: e.CRASHBOT_DB_PATH, synchronous: e.CRASHBOT_SQLITE_SYNCHRONOUS },
    userSalt: e.CRASHBOT_USER_SALT,
    slack: e.SLACK_BOT_TOKEN
      ? {
          botToken: e.SLACK_BOT_TOKEN,
          appToken: e.SLACK_APP_TOKEN,
          signingSecret: e.SLACK_SIGNING_SECRET,
          apiUrl: e.SLACK_API_URL,
          port: e.PORT,
          host: e.HOST,
        }
      : null,
    discord: e.DISCORD_TOKEN
      ? {
          token: e.DISCORD_TOKEN,
          applicationId: e.DISCORD_APPLICATION_ID,
          apiUrl: e.DISCORD_API_URL,
          messageContent: e.DISCORD_MESSAGE_CONTENT === 'true',
          globalRequestsPerSecond: e.DISCORD_GLOBAL_REQUESTS_PER_SECOND,
        }
      : null,
    mattermost:
      e.MATTERMOST_URL && e.MATTERMOST_TOKEN
        ? {
            url: e.MATTERMOST_URL,
            token: e.MATTERMOST_TOKEN,
            commandToken: e.MATTERMOST_COMMAND_TOKEN,
            commandPort: e.MATTERMOST_COMMAND_PORT,
            commandHost: e.MATTERMOST_COMMAND_HOST,
            callbackUrl: e.MATTERMOST_CALLBACK_URL?.replace(/\/$/, ''),
          }
        : null,
    timezone: e.CRASHBOT_TIMEZONE,
    maxLogBytes: e.CRASHBOT_MAX_LOG_BYTES,
    limits: {
      userPerMinute: e.CRASHBOT_RATE_USER_PER_MINUTE,
      channelPerMinute: e.CRASHBOT_RATE_CHANNEL_PER_MINUTE,
      listenCooldownSeconds: e.CRASHBOT_LISTEN_COOLDOWN_SECONDS,
    },
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: Math.round(e.CRASHBOT_SHUTDOWN_TIMEOUT_SECONDS * 1000),
    ocr: ocrConfig(e),
    ...(e.CRASHBOT_METRICS_PORT !== undefined && {
      metrics: { port: e.CRASHBOT_METRICS_PORT, host: e.CRASHBOT_METRICS_HOST },
    }),
  };
  return { ok: true, config: Object.freeze(config) };
}

/** Mattermost's settings that only make sense together, and ports that must not clash. */
function mattermostProblems(e: Env): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const need = (variable: string, why: string) =>
    problems.push({ variable, message: withFix(variable, `is required ${why}`) });
  const any =
    e.MATTERMOST_URL || e.MATTERMOST_TOKEN || e.MATTERMOST_COMMAND_TOKEN || e.MATTERMOST_CALLBACK_URL;
  if (any && !e.MATTERMOST_URL) need('MATTERMOST_URL', 'when Mattermost is configured');
  if (any && !e.MATTERMOST_TOKEN) need('MATTERMOST_TOKEN', 'when Mattermost is configured');
  if (e.MATTERMOST_CALLBACK_URL && !e.MATTERMOST_COMMAND_TOKEN)
    need(
      'MATTERMOST_COMMAND_TOKEN',
      'for the buttons (MATTERMOST_CALLBACK_URL): their clicks are signed with it',
    );
  const slackHttp = e.SLACK_BOT_TOKEN && !e.SLACK_APP_TOKEN && e.SLACK_SIGNING_SECRET;
  const port = e.MATTERMOST_COMMAND_PORT;
  if (e.MATTERMOST_COMMAND_TOKEN && ((slackHttp && port === e.PORT) || port === e.CRASHBOT_METRICS_PORT))
    problems.push({
      variable: 'MATTERMOST_COMMAND_PORT',
      message: withFix('MATTERMOST_COMMAND_PORT', `is ${port}, a port another crashbot server listens on`),
    });
  return problems;
}

function withFix(variable: string, message: string): string {
  const fix = HOW_TO_FIX[variable];
  return fix ? `${message}; ${fix}` : message;
}

/** The schema's issues as problems a person can act on: the variable, what was wrong, the fix. */
function issueProblems(
  issues: readonly z.core.$ZodIssue[],
  env: Readonly<Record<string, string | undefined>>,
): ConfigProblem[] {
  return issues.map((issue) => {
    const variable = String(issue.path[0] ?? '(environment)');
    return { variable, message: describeProblem(variable, issue.message, env[variable]) };
  });
}

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** What `crashbot run` reads: where to post, and the store that remembers alerts. */
export interface RunConfig {
  readonly store: Config['store'];
  readonly userSalt: string | undefined;
  readonly slack: {
    readonly botToken: string | undefined;
    readonly apiUrl: string | undefined;
    readonly channel: string | undefined;
  };
  readonly slackWebhookUrl: string | undefined;
  readonly discordWebhookUrl: string | undefined;
  readonly mattermost: {
    readonly url: string | undefined;
    readonly token: string | undefined;
    readonly channel: string | undefined;
  };
}

const runSchema = envSchema
  .pick({
    DATABASE_URL: true,
    CRASHBOT_DB_PATH: true,
    CRASHBOT_USER_SALT: true,
    SLACK_BOT_TOKEN: true,
    SLACK_API_URL: true,
    MATTERMOST_URL: true,
    MATTERMOST_TOKEN: true,
  })
  .extend({
    CRASHBOT_MATTERMOST_CHANNEL: optionalText,
    CRASHBOT_SLACK_CHANNEL: optionalText,
    CRASHBOT_SLACK_WEBHOOK_URL: optionalText.pipe(
      z
        .url()
        .startsWith('http', 'must be an https:// URL from the Slack app\'s "Incoming Webhooks" page')
        .optional(),
    ),
    CRASHBOT_DISCORD_WEBHOOK_URL: optionalText.pipe(
      z
        .url()
        .startsWith('http', "must be an https:// URL from the channel's Integrations > Webhooks")
        .optional(),
    ),
  });

/** The variables `crashbot run` reads besides the bot's. */
export const RUN_VARIABLES = Object.keys(runSchema.shape).filter((v) => !(v in envSchema.shape));

/**
 * The settings of `crashbot run`. Unlike the bot's, a Slack bot token alone is enough
 * (no Socket Mode or signing secret: run only posts).
 */
export function parseRunConfig(
  env: Readonly<Record<string, string | undefined>>,
): { ok: true; config: RunConfig } | { ok: false; problems: ConfigProblem[] } {
  const secrets = resolveSecretFiles(env);
  if (!secrets.ok) return { ok: false, problems: secrets.problems };
  const parsed = runSchema.safeParse(secrets.env);
  if (!parsed.success) {
    return { ok: false, problems: issueProblems(parsed.error.issues, env) };
  }
  const e = parsed.data;
  return {
    ok: true,
    config: Object.freeze({
      store: e.DATABASE_URL
        ? { kind: 'postgres' as const, url: e.DATABASE_URL }
        : { kind: 'sqlite' as const, path: e.CRASHBOT_DB_PATH },
      userSalt: e.CRASHBOT_USER_SALT,
      slack: { botToken: e.SLACK_BOT_TOKEN, apiUrl: e.SLACK_API_URL, channel: e.CRASHBOT_SLACK_CHANNEL },
      slackWebhookUrl: e.CRASHBOT_SLACK_WEBHOOK_URL,
      discordWebhookUrl: e.CRASHBOT_DISCORD_WEBHOOK_URL,
      mattermost: {
        url: e.MATTERMOST_URL,
        token: e.MATTERMOST_TOKEN,
        channel: e.CRASHBOT_MATTERMOST_CHANNEL,
      },
    }),
  };
}
