// Failures of the Slack front end that stop start-up or a weekly post, with stable codes.

export type SlackErrorCode =
  | 'SLACK_AUTH_FAILED'
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
