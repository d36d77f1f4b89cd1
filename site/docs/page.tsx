import type { AppConfig } from '../../tools/context';
import { apiBase } from '../../tools/context';
import type { AnyTool } from '../../tools/define';
import { STATUS_OF_KIND, TITLE_OF_KIND, type ToolErrorKind } from '../../tools/errors';
import { SCOPES, SCOPE_DESCRIPTIONS } from '../../tools/scopes';
import { buildOpenApi } from '../../rest-adapter/openapi';
import { Layout } from '../layout';
import { CodeBlock } from '../code-block';
import { operationsByTag, type OperationDoc } from './operations';
import { pageOfHtml, type PageText } from '../render';

// What each error kind means for a caller and what to do about it. Problem bodies link to these anchors.
const ERROR_HELP: Record<ToolErrorKind | 'internal', string> = {
  invalid_input: 'The input broke a bound, pattern, enumeration or required rule, or named a property that is not allowed. The errors array names each field (path) and what is wrong; fix those and retry. Nothing was written.',
  unauthenticated: 'The operation needs a signed-in caller and none was sent, or the key or token is not valid. Send Authorization: Bearer with an API key or an OAuth access token. The WWW-Authenticate header points at the protected resource metadata.',
  forbidden: 'The key or token is valid but lacks the scope the operation needs. The WWW-Authenticate header names the scope; ask for it (OAuth step-up) or use a key that has it.',
  not_found: 'No such record, or it is not yours: another user\'s draft, listing, claim or order is reported as not found, never as forbidden.',
  conflict: 'The request clashes with the record\'s current state (for example an action its status does not allow, or a concurrent request with the same Idempotency-Key). Read the record again and decide.',
  unprocessable: 'The request is well formed but cannot be carried out as asked, for example an Idempotency-Key reused with a different body.',
  rate_limited: 'Too many requests. Wait for the number of seconds in Retry-After; RateLimit-* headers show the quota.',
  unavailable: 'A dependency the operation needs is down or not configured. Retry later.',
  internal: 'Something failed on our side. Retry later; quote the request_id if it keeps happening.',
};

const KIND_OF_STATUS: Record<string, string> = Object.fromEntries(Object.entries(STATUS_OF_KIND).map(([kind, status]) => [String(status), kind]));

function Operation(props: { op: OperationDoc }) {
  const op = props.op;
  return (
    <section class="card op" aria-labelledby={`op-${op.id}`}>
      <h4 id={`op-${op.id}`}><code>{op.id}</code> · {op.summary}</h4>
      <p><span class="pill method">{op.method}</span> <code>{op.path}</code></p>
      <dl class="facts">
        <dt>MCP tool</dt><dd><code>{op.id}</code></dd>
        <dt>Scope</dt><dd>{op.scope === 'public' ? 'public (no sign-in needed)' : <code>{op.scope}</code>}</dd>
        <dt>Success</dt><dd>{op.status}</dd>
      </dl>
      <p>{op.description}</p>
      {op.fields.length ? (
        <div class="table-wrap" tabindex={0} role="region" aria-label={`Inputs of ${op.id}`}><table>
          <caption class="sr-only">{`Inputs of ${op.id}`}</caption>
          <thead><tr><th scope="col">Field</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Rules</th><th scope="col">Description</th></tr></thead>
          <tbody>
            {op.fields.map((f) => (
              <tr>
                <th scope="row"><code>{f.name}</code>{f.required ? <span class="small"> (required)</span> : null}</th>
                <td>{f.where}</td><td>{f.type}</td><td>{f.rules.join('; ')}</td><td>{f.description}</td>
              </tr>
            ))}
          </tbody>
        </table></div>
      ) : <p class="muted small">No inputs.</p>}
      <p class="small">Responses: {op.responses.map((r, i) => (
        <>{i ? ', ' : ''}{KIND_OF_STATUS[r.status] ? <a href={`#error-${KIND_OF_STATUS[r.status]}`} title={r.description}>{r.status}</a> : <abbr title={r.description}>{r.status}</abbr>}</>
      ))}</p>
      <CodeBlock label={`Example request for ${op.id}`}>{op.curl}</CodeBlock>
    </section>
  );
}

function ApiDocs(props: { config: AppConfig; tools: AnyTool[] }) {
  const { config } = props;
  const openapi = buildOpenApi(props.tools, config);
  const groups = operationsByTag(openapi);
  const base = apiBase(config);
  const mcp = `${config.siteUrl}/mcp`;
  const kinds = Object.keys(STATUS_OF_KIND) as ToolErrorKind[];
  return (
    <Layout siteName={config.siteName} title="API reference" current="api"
      description={`REST API and MCP server of ${config.siteName}: ${props.tools.length} operations, authentication, errors and examples.`}>
      <h1>API reference</h1>
      <p>
        Every operation is available twice with the same inputs and outputs: as a REST call under <code>{base}</code> and as
        an MCP tool of the same name at <code>{mcp}</code>. The machine-readable description is{' '}
        <a href="/api/v1/openapi.json">the OpenAPI 3.1 document</a> (version {openapi.info.version}, reference edition 2026.40).
      </p>
      <nav aria-label="On this page" class="card">
        <ul>
          <li><a href="#authentication">Authentication</a></li>
          <li><a href="#mcp">MCP</a></li>
          <li><a href="#errors">Errors</a></li>
          <li><a href="#operations">Operations</a>
            <ul>{groups.map((g) => <li><a href={`#tag-${g.tag}`}>{g.title}</a> <span class="muted small">({g.operations.length})</span></li>)}</ul>
          </li>
        </ul>
      </nav>

      <h2 id="authentication">Authentication</h2>
      <p>Public operations work without signing in. Others need <code>Authorization: Bearer &lt;token&gt;</code> with either an API key (create one in your account under API keys) or an OAuth 2.1 access token holding the operation's scope.</p>
      <table>
        <caption class="sr-only">Scopes</caption>
        <thead><tr><th scope="col">Scope</th><th scope="col">Allows</th></tr></thead>
        <tbody>{SCOPES.map((s) => <tr><th scope="row"><code>{s}</code></th><td>{SCOPE_DESCRIPTIONS[s]}</td></tr>)}</tbody>
      </table>
      <p>OAuth clients find everything from the protected resource metadata (<code>{`${config.siteUrl}/.well-known/oauth-protected-resource/mcp`}</code> for MCP): authorization code with PKCE, client ID metadata documents or dynamic client registration. The person signs in and sees a consent page the first time a tool needs their account.</p>
      <p>Votes cannot be cast through the API: they come only from people on the site. The billboard leaderboard is a paid ranking and must be shown as paid. Prices come from <code>list_products</code> and change; never hardcode them.</p>

      <h2 id="mcp">MCP</h2>
      <p>Streamable HTTP endpoint: <code>{mcp}</code>. Protocol versions: <strong>2026-07-28</strong> and the initialize-based <strong>2025-03-26</strong> through <strong>2025-11-25</strong>. Tool names equal the operation ids below; tool errors come back as <code>isError</code> results whose structured content is the same problem object as the REST error body.</p>
      <CodeBlock label="Example MCP client configuration">{JSON.stringify({ mcpServers: { [config.siteName.toLowerCase().replace(/[^a-z0-9]+/g, '-')]: { type: 'http', url: mcp } } }, null, 2)}</CodeBlock>

      <h2 id="errors">Errors</h2>
      <p>Errors are <code>application/problem+json</code> (RFC 9457): <code>type</code> (a link to the anchors below), <code>title</code>, <code>status</code>, <code>detail</code>, <code>code</code>, <code>errors</code> (one <code>{'{path, message}'}</code> per invalid field) and <code>request_id</code>.</p>
      {kinds.map((k) => (
        <section aria-labelledby={`error-${k}`}>
          <h3 id={`error-${k}`}><code>{k}</code> · {STATUS_OF_KIND[k]} {TITLE_OF_KIND[k]}</h3>
          <p>{ERROR_HELP[k]}</p>
        </section>
      ))}
      <section aria-labelledby="error-payload_too_large">
        <h3 id="error-payload_too_large"><code>payload_too_large</code> · 413 Payload too large</h3>
        <p>The request body is over the limit (1 MiB for the REST API, 4 MiB for MCP) and was not read. Send a smaller request.</p>
      </section>
      <section aria-labelledby="error-internal">
        <h3 id="error-internal"><code>internal</code> · 500 Internal error</h3>
        <p>{ERROR_HELP.internal}</p>
      </section>

      <h2 id="operations">Operations</h2>
      {groups.map((g) => (
        <section aria-labelledby={`tag-${g.tag}`}>
          <h3 id={`tag-${g.tag}`}>{g.title}</h3>
          {g.operations.map((op) => <Operation op={op} />)}
        </section>
      ))}
    </Layout>
  );
}

// The page depends only on the registry and the config, so it is rendered once per app and served from memory, with
// its ETag (131 KB: hashed per request, the ETag cost more than serving the text).
const rendered = new WeakMap<AppConfig, Promise<PageText>>();

export function apiDocsPage(config: AppConfig, tools: AnyTool[]): Promise<PageText> {
  let page = rendered.get(config);
  if (!page) {
    page = Promise.resolve((<ApiDocs config={config} tools={tools} />).toString()).then(pageOfHtml);
    rendered.set(config, page);
  }
  return page;
}
