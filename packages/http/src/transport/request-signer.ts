/** A request as it is about to be sent: what a signer reads. */
export interface SignableRequest {
  /** `POST`. */
  readonly method: string;
  /** The absolute URL. */
  readonly url: string;
  /** The origin (`https://host:port`) and the path with its query string, as sent. */
  readonly origin: string;
  readonly path: string;
  /** The headers as they will be sent (names lower-case), before the signer's. */
  readonly headers: Readonly<Record<string, string>>;
  /** The exact body text that will be sent. */
  readonly body: string;
  /** The call's signal: a signer that fetches credentials should stop when it fires. */
  readonly signal: AbortSignal | undefined;
}

/**
 * Authorises each request with headers computed for it: a cloud's signature (AWS Signature V4 over
 * the exact body) or a short-lived token (a Google access token). Called once per request, after the
 * body is serialised and before it is sent; the headers it resolves to are added over the request's
 * own. Its failures reject the call as they are (an `AigoError` of the signer's choosing).
 */
export type RequestSigner = (request: SignableRequest) => Promise<Readonly<Record<string, string>>>;
