import type { Context, Handler } from 'hono';
import type { Child } from 'hono/jsx';
import type { AppDeps } from '../app-context';
import { STATUS_OF_KIND, TITLE_OF_KIND, ToolError } from '../tools/errors';
import { PageNotFound, visitorActor } from './call-tool';
import { Layout } from './layout';
import { etagOf } from '../domain/etag';
import { renderPage, viewerOf } from './viewer';
import { clientIp } from '../auth/actor';
import { ownBytes } from '../tools/invoke';

export const HTML_TYPE = 'text/html; charset=utf-8';

// Every page goes out as a complete document with the same headers.
// `c` is the request the page is for (its header shows who is signed in); null for a page made outside one.
export async function htmlResponse(c: Context | null, node: Child, status = 200, headers: Record<string, string> = {}): Promise<Response> {
  return pageResponse(await pageText(c, node), status, headers);
}

// A rendered page, as the UTF-8 bytes it is sent as, and its validator (transport/http-cache.ts uses it only for
// anonymous public pages). Bytes rather than the text: a page kept for signed-out visitors (site/kept-page.ts) is
// then encoded once, not on every visit (~30 KB of it), and held at a byte a character, where the text of a page with
// one character beyond Latin-1 (an em dash, an arrow) takes two.
export type PageText = { body: Uint8Array<ArrayBuffer>; etag: string };
// Any text sent as it is kept (a page, a sitemap file): its UTF-8 bytes and their validator.
export function keptText(text: string): PageText {
  const body = ownBytes(text);
  return { body, etag: etagOf(body) };
}
// A rendered document (without its doctype) as a page.
export const pageOfHtml = (html: string): PageText => keptText(`<!doctype html>${html}`);
export async function pageText(c: Context | null, node: Child): Promise<PageText> {
  return pageOfHtml(await renderPage(c, node));
}
export const pageResponse = (page: PageText, status = 200, headers: Record<string, string> = {}): Response =>
  new Response(page.body, { status, headers: { 'content-type': HTML_TYPE, etag: page.etag, ...headers } });

export function ErrorPage(props: { siteName: string; status: number; heading: string; message: string }) {
  return (
    <Layout siteName={props.siteName} title={props.heading} description={props.message} noindex>
      <h1>{props.heading}</h1>
      <p>{props.message}</p>
      <p>
        Try the <a href="/">home page</a>, browse <a href="/launches">launches</a> or <a href="/categories">categories</a>,
        or look at the <a href="/leaderboards">leaderboards</a>.
      </p>
      <p class="muted small">Status {props.status}</p>
    </Layout>
  );
}

// A request refused by a rate limit: when to try again, and nothing kept by anyone on the way.
const tooManyRequestsPage = (c: Context, deps: AppDeps, retryAfterSeconds: number, message: string) =>
  htmlResponse(c, <ErrorPage siteName={deps.config.siteName} status={429} heading="Too many requests" message={message} />, 429,
    { 'retry-after': String(retryAfterSeconds), 'cache-control': 'no-store' });

export const notFoundPage = (c: Context, deps: AppDeps, message = 'There is no page at this address. It may have moved, or the link may be mistyped.') =>
  htmlResponse(c, <ErrorPage siteName={deps.config.siteName} status={404} heading="Page not found" message={message} />, 404);

// A page whose addresses have no end (the search page: any words and filters a visitor writes, each made afresh, ~2 ms
// of CPU at 100,000 listings for words never searched before) runs what REST and MCP charge per caller, so such a
// page is charged against the same allowance (deps.searches: RATE_LIMIT_ANON_PER_MIN per address,
// RATE_LIMIT_USER_PER_MIN per signed-in user). Charged where its handler runs: a page the kept-page lane sends
// (transport/page-front.ts) was made already and is not. Other pages have a bounded set of addresses and are kept.
async function refusedByLimit(c: Context, deps: AppDeps): Promise<Response | null> {
  if (!deps.searches) return null;
  const decision = await deps.searches.take(visitorActor(viewerOf(c)?.userId ?? null, clientIp(c, deps.config)));
  if (!decision || decision.allowed) return null;
  return tooManyRequestsPage(c, deps, decision.retryAfterSeconds,
    `Too many searches came from your address (or account) in the last minute. Try again in ${decision.retryAfterSeconds} seconds.`);
}

// Wraps a page handler: an unknown record becomes the 404 page, bad input a 400 page, anything else a 500 page.
// `rateLimited`: the page is charged to its caller's allowance first (refusedByLimit).
export function sitePage(deps: AppDeps, handler: (c: Context) => Promise<Response>, { rateLimited = false } = {}): Handler {
  return async (c) => {
    if (rateLimited) {
      const refused = await refusedByLimit(c, deps);
      if (refused) return refused;
    }
    try {
      return await handler(c);
    } catch (err) {
      if (err instanceof PageNotFound) return notFoundPage(c, deps, err.what);
      const siteName = deps.config.siteName;
      if (err instanceof ToolError && err.kind === 'invalid_input') {
        return htmlResponse(c, <ErrorPage siteName={siteName} status={400} heading="That address is not valid" message={err.message} />, 400);
      }
      if (err instanceof ToolError && err.kind === 'unavailable') {
        return htmlResponse(c, <ErrorPage siteName={siteName} status={503} heading="Not available yet" message={err.message} />, 503);
      }
      console.error('site page failed', c.req.path, err);
      return htmlResponse(c, <ErrorPage siteName={siteName} status={500} heading="Something went wrong" message="This page could not be shown. Please try again in a moment." />, 500);
    }
  };
}

// The page for an error no route handled (transport/app.ts onError): a tool's refusal keeps its status and words
// (a check that could not run is a 503, not a crash); anything else is a plain 500 page that shows no internals.
export function unhandledErrorPage(c: Context, deps: AppDeps, err: unknown, requestId: string): Promise<Response> {
  const siteName = deps.config.siteName;
  if (err instanceof PageNotFound) return notFoundPage(c, deps, err.what);
  if (err instanceof ToolError) {
    const status = STATUS_OF_KIND[err.kind];
    return htmlResponse(c, <ErrorPage siteName={siteName} status={status} heading={TITLE_OF_KIND[err.kind]} message={err.message} />, status, { 'cache-control': 'no-store' });
  }
  console.error(`[${requestId}] site page failed`, err);
  return htmlResponse(c, <ErrorPage siteName={siteName} status={500} heading="Something went wrong" message={`This page could not be shown. Please try again in a moment. (Reference ${requestId})`} />, 500, { 'cache-control': 'no-store' });
}
