// Secrets from files, as Docker and Kubernetes mount them: SLACK_BOT_TOKEN_FILE=/run/secrets/slack_bot_token
// stands for SLACK_BOT_TOKEN with that file's content (surrounding whitespace and the
// trailing newline of `echo x > file` dropped). Setting both is a mistake, and an unreadable,
// empty or oversized file is a problem with the variable's name, the path and why; the
// content never appears in a message.
import { readFileSync } from 'node:fs';

/** Every setting that holds a secret, each of which may come from `<NAME>_FILE`. */
export const SECRET_SETTINGS = [
  'SLACK_BOT_TOKEN',
  'SLACK_APP_TOKEN',
  'SLACK_SIGNING_SECRET',
  'DISCORD_TOKEN',
  'MATTERMOST_TOKEN',
  'MATTERMOST_COMMAND_TOKEN',
  'DATABASE_URL',
  'CRASHBOT_USER_SALT',
] as const;

/** A secret is short; a bigger file is the wrong file (a key store, a log). */
export const MAX_SECRET_FILE_BYTES = 64 * 1024;

export type ReadSecretFile = (path: string) => Buffer;

export interface SecretFileProblem {
  variable: string;
  message: string;
}

export type SecretFilesResult =
  | { ok: true; env: Record<string, string | undefined> }
  | { ok: false; problems: SecretFileProblem[] };

const readFromDisk: ReadSecretFile = (path) => readFileSync(path);

/** A copy of `env` with each `<NAME>_FILE` of a secret setting read into `<NAME>`. */
export function resolveSecretFiles(
  env: Readonly<Record<string, string | undefined>>,
  read: ReadSecretFile = readFromDisk,
): SecretFilesResult {
  const out: Record<string, string | undefined> = { ...env };
  const problems: SecretFileProblem[] = [];
  for (const name of SECRET_SETTINGS) {
    const fileVar = `${name}_FILE`;
    const path = env[fileVar]?.trim();
    delete out[fileVar];
    if (!path) continue;
    if (env[name]?.trim()) {
      problems.push({ variable: fileVar, message: `set ${name} or ${fileVar}, not both` });
      continue;
    }
    const content = readSecret(path, read);
    if ('problem' in content) problems.push({ variable: fileVar, message: content.problem });
    else out[name] = content.value;
  }
  return problems.length ? { ok: false, problems } : { ok: true, env: out };
}

function readSecret(path: string, read: ReadSecretFile): { value: string } | { problem: string } {
  let bytes: Buffer;
  try {
    bytes = read(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EACCES' || code === 'EPERM'
          ? 'permission denied (the bot runs as an unprivileged user: make the file readable to it)'
          : code === 'EISDIR'
            ? 'a directory, not a file'
            : (code ?? String(e));
    return { problem: `cannot read ${path}: ${why}` };
  }
  if (bytes.length > MAX_SECRET_FILE_BYTES)
    return {
      problem: `${path} is ${bytes.length} bytes, too big for a secret (at most ${MAX_SECRET_FILE_BYTES})`,
    };
  const value = bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim();
  if (!value) return { problem: `${path} is empty` };
  if (/[\r\n]/.test(value))
    return { problem: `${path} holds several lines; a secret file holds the secret alone` };
  return { value };
}
