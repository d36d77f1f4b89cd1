// A draft build that cannot succeed by retrying: the message says what the site owner can change.
export type BuildFailureCode =
  | 'bad_url' // not an http(s) URL we may fetch
  | 'blocked_address' // resolves to a private, loopback or otherwise non-public address
  | 'unreachable' // DNS failure, connection refused, timeout
  | 'robots_unavailable' // robots.txt answered 5xx or could not be read
  | 'robots_disallowed' // robots.txt disallows our bot from the homepage
  | 'homepage_error' // the homepage answered an error status or is not HTML
  | 'internal'; // our fault; the job gave up after its retries

export class BuildFailure extends Error {
  override name = 'BuildFailure';
  constructor(readonly code: BuildFailureCode, message: string) {
    super(message);
  }
}
