// Failures of the Slack front end that stop start-up or a weekly post, with stable codes,
// and what a failed start-up call means for whoever runs the bot: Slack refused a token
// (which one, and where to get a good one), Slack could not be reached (the network, a
// proxy, SLACK_API_URL), or Slack answered something else.

export type SlackErrorCode =
  | 'SLACK_AUTH_FAILED'
  | 'SLACK_UNREACHABLE'
  | 'SLACK_CONNECT_FAILED'
  | 'SLACK_LISTEN_FAILED'
  | 'SLACK_POST_FAILED';

export class SlackAdapterError extends Error {
  constructor(
    readonly code: SlackErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SlackAdapterError';
  }
}

/** Slack's answers that say the token itself is no good. */
const TOKEN_REFUSED = new Set([
  'invalid_auth',
  'not_authed',
  'account_inactive',
  'token_revoked',
  'token_expired',
  'not_allowed_token_type',
  'no_permission',
  'team_access_not_granted',
  'ekm_access_denied',
]);

const GET_TOKEN: Record<'SLACK_BOT_TOKEN' | 'SLACK_APP_TOKEN', string> = {
  SLACK_BOT_TOKEN:
    'copy the Bot User OAuth Token (xoxb-...) from your Slack app\'s "OAuth & Permissions" page (reinstall the app if it was removed)',
  SLACK_APP_TOKEN:
    'create an app-level token with the connections:write scope (xapp-...) under "Basic Information", App-Level Tokens',
};

interface WebError {
  code?: unknown;
  data?: { error?: unknown };
  original?: { code?: unknown; message?: unknown };
  statusCode?: unknown;
}

/**
 * A start-up call that failed, as the error to stop with: `token` is the variable whose
 * token the call used; `where` is the Web API base URL it went to.
 */
export function startupError(
  err: unknown,
  token: 'SLACK_BOT_TOKEN' | 'SLACK_APP_TOKEN',
  where: string,
  fallback: SlackErrorCode,
): SlackAdapterError {
  const e = (err ?? {}) as WebError;
  const answer = typeof e.data?.error === 'string' ? e.data.error : undefined;
  if (answer !== undefined && TOKEN_REFUSED.has(answer))
    return new SlackAdapterError(
      'SLACK_AUTH_FAILED',
      `Slack refused ${token} (${answer}); ${GET_TOKEN[token]}`,
      {
        cause: err,
      },
    );
  if (answer !== undefined)
    return new SlackAdapterError(fallback, `Slack answered ${answer} at start-up`, { cause: err });
  if (e.code === 'slack_webapi_rate_limited_error')
    return new SlackAdapterError(
      'SLACK_UNREACHABLE',
      'Slack is rate limiting this app at start-up; start it again in a minute',
      { cause: err },
    );
  if (e.code === 'slack_webapi_http_error')
    return new SlackAdapterError(
      'SLACK_UNREACHABLE',
      `Slack at ${where} answered HTTP ${String(e.statusCode)}; if SLACK_API_URL is set, check it, else see https://slack-status.com and start again later`,
      { cause: err },
    );
  const network = typeof e.original?.code === 'string' ? e.original.code : networkCode(err);
  if (e.code === 'slack_webapi_request_error' || network !== undefined)
    return new SlackAdapterError(
      'SLACK_UNREACHABLE',
      `could not reach Slack at ${where} (${network ?? 'no answer'}); check this machine's network, DNS and proxy (HTTPS_PROXY), and SLACK_API_URL if it is set`,
      { cause: err },
    );
  return new SlackAdapterError(fallback, `Slack start-up failed: ${(err as Error)?.message ?? String(err)}`, {
    cause: err,
  });
}

/** A Node network error's code (ECONNREFUSED, ENOTFOUND, ETIMEDOUT...), on the error or its cause. */
function networkCode(err: unknown): string | undefined {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 4;
    e = e.cause as typeof e, i++
  )
    if (typeof e.code === 'string' && /^E[A-Z]{2,}/.test(e.code)) return e.code;
  return undefined;
}
