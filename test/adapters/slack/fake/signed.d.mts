export function sign(secret: string, timestamp: number | string, body: string): string;
export function postSigned(
  url: string,
  body: string,
  opts: {
    secret: string;
    contentType: string;
    timestamp?: number;
    signature?: string;
    headers?: Record<string, string>;
  },
): Promise<{ status: number; text: string }>;
export interface EnvelopeOptions {
  teamId: string;
  eventId: string;
  apiAppId?: string;
}
export function eventJson(event: object, opts: EnvelopeOptions): string;
export function eventEnvelope(event: object, opts: EnvelopeOptions): Record<string, unknown>;
export function commandForm(fields: Record<string, string>): string;
export function interactionForm(payload: object): string;
