import { Readable } from 'node:stream';
import type { BaseHttpClient, HttpRequest, HttpResponse, RedirectHandler, ResponseTypes, StreamingHttpResponse } from '@crawlee/cheerio';
import { NonRetryableError } from '@crawlee/cheerio';
import { FetchError, safeFetch, type SafeFetchOptions, type SafeResponse } from './safe-fetch';

// Crawlee's HttpCrawler sends every page request through `httpClient.stream()`. This client answers
// it with safeFetch, so the address guard, pinning, redirect checks, robots hops, size and time caps
// apply to every request Crawlee makes. safeFetch has already decoded the charset, so the body is
// handed back as UTF-8 and the Content-Type says so.

// Failures a retry cannot change are not retried (a refused address stays refused).
export class SafeFetchRefusal extends NonRetryableError {
  constructor(readonly refusal: FetchError) {
    super(refusal.message);
  }
}

// Marks a page cut at the size cap, so the crawl can say so in the draft's warnings.
export const TRUNCATED_HEADER = 'x-safe-fetch-truncated';

const RETRYABLE: FetchError['code'][] = ['network', 'dns'];

export class SafeHttpClient implements BaseHttpClient {
  constructor(private readonly opts: SafeFetchOptions) {}

  private async fetch(request: HttpRequest<any>): Promise<SafeResponse> {
    try {
      return await safeFetch(String(request.url), { ...this.opts, signal: request.signal ?? this.opts.signal });
    } catch (e) {
      if (e instanceof FetchError && !RETRYABLE.includes(e.code)) throw new SafeFetchRefusal(e);
      throw e;
    }
  }

  private static shape(res: SafeResponse) {
    const headers = { ...res.headers } as Record<string, string | string[] | undefined>;
    if (res.mediaType) headers['content-type'] = `${res.mediaType}; charset=utf-8`;
    delete headers['content-encoding'];
    delete headers['content-length'];
    if (res.truncated) headers[TRUNCATED_HEADER] = '1';
    return {
      url: res.url,
      statusCode: res.status,
      headers,
      trailers: {},
      complete: true,
      ip: res.address,
      redirectUrls: res.redirects.map((u) => new URL(u)),
    };
  }

  async sendRequest<T extends keyof ResponseTypes = 'text'>(request: HttpRequest<T>): Promise<HttpResponse<T>> {
    const res = await this.fetch(request);
    const body = request.responseType === 'json' ? JSON.parse(res.text || 'null') : request.responseType === 'buffer' ? Buffer.from(res.text) : res.text;
    return { ...SafeHttpClient.shape(res), request, body } as HttpResponse<T>;
  }

  async stream(request: HttpRequest, _onRedirect?: RedirectHandler): Promise<StreamingHttpResponse> {
    const res = await this.fetch(request);
    const bytes = Buffer.from(res.text, 'utf8');
    const progress = { percent: 100, transferred: bytes.length, total: bytes.length };
    return {
      ...SafeHttpClient.shape(res),
      request,
      stream: Readable.from([bytes]),
      downloadProgress: progress,
      uploadProgress: { percent: 100, transferred: 0, total: 0 },
    };
  }
}
