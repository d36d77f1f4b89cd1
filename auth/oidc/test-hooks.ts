// Tests only. oidc-provider fetches client ID metadata documents through its `fetch` configuration with a
// dispatcher that refuses special-use addresses (loopback, private ranges) and only over https. A test that
// serves a document on 127.0.0.1 installs its own fetch here (e.g. one trusting its self-signed certificate);
// production never calls this, so the library's SSRF guard stays in force.
type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

let override: FetchLike | undefined;

export const clientMetadataFetch = (): FetchLike | undefined => override;

export function setClientMetadataFetchForTests(fn: FetchLike | undefined): void {
  override = fn;
}
