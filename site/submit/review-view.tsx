import type { Child } from 'hono/jsx';
import { DRAFT_FIELDS, isListField, PRICING_MODELS, SOCIAL_PLATFORMS, STAGES, type DraftField } from '../../domain/draft-fields';
import type { DraftView } from '../../tools/drafts/draft-view';
import { Layout } from '../layout';
import { FieldNote } from '../forms';
import { externalHref, pageOf } from '../safe-url';
import type { Form } from './review-form';

// The review screen: every drafted value beside the quotes that back it (with a link to the page each is
// from), what the site did not state, and the controls to edit, lock, delete, restore or redraft each value.
// One form, posted whole; the buttons name their action. On a refused save the page comes back with what
// was typed and the tool's message next to the field.

export const FIELD_LABELS: Record<DraftField, string> = {
  name: 'Product name', tagline: 'Tagline', short_description: 'Short description', description: 'Description', stage: 'Stage',
  pricing_model: 'Pricing model', pricing_summary: 'Plans and prices', country: 'Country (two-letter code)', city: 'City',
  founded_year: 'Year founded', contact_email: 'Contact e-mail', demo_video_url: 'Demo video (YouTube)', logo_url: 'Logo',
  categories: 'Categories', tags: 'Tags', features: 'Features', usps: 'What sets it apart', keywords: 'Search keywords',
};

const STATE_WORDS: Record<string, string> = {
  ai: 'From the website', not_found: 'Not stated on the website', edited: 'Edited by you', manual: 'Added by you', override: 'Locked by you', deleted: 'Removed by you',
};

const LONG: DraftField[] = ['short_description', 'description', 'pricing_summary'];
const GROUPS: Array<[string, DraftField[]]> = [
  ['The product', ['name', 'tagline', 'short_description', 'description', 'logo_url', 'demo_video_url']],
  ['Pricing and stage', ['pricing_model', 'pricing_summary', 'stage']],
  ['The company', ['country', 'city', 'founded_year', 'contact_email']],
  ['Where it is listed', ['categories', 'tags', 'features', 'usps', 'keywords']],
];

type Quote = { url: string; quote: string };
export type ReviewProps = {
  siteName: string;
  csrf: string;
  draft: DraftView;
  categories: string[];
  values?: Form; // what was posted, when the page comes back with errors
  errors?: Record<string, string>; // input id → message
  notice?: string;
  errorTitle?: string;
};

export function Evidence(props: { quotes: Quote[]; label?: string }) {
  if (!props.quotes.length) return null;
  return (
    <ul class="evidence" aria-label={props.label ?? 'Where the website says this'}>
      {props.quotes.map((q) => (
        <li>
          <blockquote>{q.quote}</blockquote>
          {externalHref(q.url) ? <a href={externalHref(q.url)!} rel="nofollow noopener" target="_blank">{pageOf(q.url)}</a> : <span>{pageOf(q.url)}</span>}
        </li>
      ))}
    </ul>
  );
}

const Button = (props: { action: string; children: Child; label: string }) =>
  <button type="submit" name="action" value={props.action} class="secondary small-button" aria-label={props.label}>{props.children}</button>;

function FieldCard(props: { field: DraftField; p: ReviewProps; regenerating: boolean }) {
  const { field, p } = props;
  const rec = p.draft.fields[field];
  const id = `f-${field}`;
  const name = `f.${field}`;
  const label = FIELD_LABELS[field];
  const stored = rec?.value ?? null;
  const shown = p.values && name in p.values ? p.values[name] ?? '' : Array.isArray(stored) ? stored.join('\n') : stored ?? '';
  const error = p.errors?.[id];
  const describedBy = [`${id}-state`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const state = rec?.state ?? 'not_found';
  const list = isListField(field);
  let control: Child;
  if (list || LONG.includes(field)) {
    control = <textarea id={id} name={name} rows={field === 'description' ? 8 : list ? 4 : 3} aria-describedby={describedBy} aria-invalid={error ? 'true' : undefined}>{shown}</textarea>;
  } else {
    const options = field === 'stage' ? STAGES : field === 'pricing_model' ? PRICING_MODELS : null;
    control = (
      <>
        <input id={id} name={name} value={shown} list={options ? `${id}-options` : undefined} aria-describedby={describedBy} aria-invalid={error ? 'true' : undefined}
          type={field === 'contact_email' ? 'email' : field === 'demo_video_url' || field === 'logo_url' ? 'url' : 'text'} inputmode={field === 'founded_year' ? 'numeric' : undefined} />
        {options ? <datalist id={`${id}-options`}>{options.map((o) => <option value={o} />)}</datalist> : null}
      </>
    );
  }
  const itemQuotes = Array.isArray(stored) && rec?.item_evidence ? rec.item_evidence : null;
  return (
    <div class={`field-card state-${state}`} id={`card-${field}`}>
      <div class="field-main">
        <div class="field-head">
          <label for={id}>{label}</label>
          <span class="pill" id={`${id}-state`}>{STATE_WORDS[state] ?? state}{rec?.locked ? ' · locked' : ''}{props.regenerating ? ' · being redrafted' : ''}</span>
        </div>
        {list ? <span class="muted small">One per line.{field === 'categories' ? <> Use names from the <a href="/categories" target="_blank">category list</a>, e.g. {p.categories.slice(0, 3).join(', ')}; the first is the main one.</> : ''}</span> : null}
        {control}
        <FieldNote id={`${id}-error`} error={error} />
        {field === 'logo_url' && stored && typeof stored === 'string' && externalHref(stored)
          ? <img class="logo" src={externalHref(stored)!} alt="The drafted logo" width={48} height={48} /> : null}
        {state === 'not_found' ? <p class="muted small">The website does not state this, so it was left blank. Type it if you know it.</p> : null}
        <div class="field-actions">
          {rec && !rec.locked && stored !== null ? <Button action={`lock:${field}`} label={`Lock ${label} against redrafts`}>Lock</Button> : null}
          {stored !== null ? <Button action={`delete:${field}`} label={`Delete ${label}`}>Delete</Button> : null}
          {rec && (state === 'edited' || state === 'override' || state === 'deleted' || rec.locked) ? <Button action={`restore:${field}`} label={`Restore the website's ${label}`}>Restore</Button> : null}
          {p.draft.pages.length ? <Button action={`regenerate:${field}`} label={`Redraft ${label} from the website`}>Redraft</Button> : null}
        </div>
      </div>
      <div class="field-evidence">
        {itemQuotes
          ? (stored as string[]).map((item, i) => (itemQuotes[i]?.length ? <div class="item-evidence"><span class="small"><strong>{item}</strong></span><Evidence quotes={itemQuotes[i]} label={`Where the website says “${item}”`} /></div> : null))
          : <Evidence quotes={rec?.evidence ?? []} label={`Where the website says the ${label.toLowerCase()}`} />}
      </div>
    </div>
  );
}

// Rows of a repeated record; the last row is blank, to add one.
function RowInputs(props: { prefix: string; i: number; keys: Array<[string, string, 'text' | 'textarea' | 'date' | 'url']>; row: Record<string, string>; p: ReviewProps; existing: boolean }) {
  return (
    <fieldset class="row-card">
      <legend>{props.existing ? `#${props.i + 1}` : 'Add one'}</legend>
      {props.keys.map(([key, label, type]) => {
        const id = `${props.prefix}-${props.i}-${key}`;
        const name = `${props.prefix}.${props.i}.${key}`;
        const value = props.p.values && name in props.p.values ? props.p.values[name] ?? '' : props.row[key] ?? '';
        const error = props.p.errors?.[id];
        return (
          <p class="field">
            <label for={id}>{label}</label>
            {type === 'textarea'
              ? <textarea id={id} name={name} rows={3} aria-describedby={error ? `${id}-error` : undefined}>{value}</textarea>
              : <input id={id} name={name} type={type} value={value} aria-describedby={error ? `${id}-error` : undefined} />}
            <FieldNote id={`${id}-error`} error={error} />
          </p>
        );
      })}
      {props.existing ? <p><label class="inline-check"><input type="checkbox" name={`${props.prefix}.${props.i}.remove`} value="1" /> Remove</label></p> : null}
    </fieldset>
  );
}

function Repeated(props: { title: string; id: string; prefix: string; present: string; keys: Array<[string, string, 'text' | 'textarea' | 'date' | 'url']>; rows: Array<Record<string, string>>; quotes: Quote[][]; p: ReviewProps; help: string }) {
  return (
    <section aria-labelledby={props.id} class="review-section">
      <h2 id={props.id}>{props.title}</h2>
      <p class="muted small">{props.help}</p>
      <input type="hidden" name={props.present} value="1" />
      {props.rows.map((row, i) => (
        <div class="row-with-evidence">
          <RowInputs prefix={props.prefix} i={i} keys={props.keys} row={row} p={props.p} existing />
          <Evidence quotes={props.quotes[i] ?? []} />
        </div>
      ))}
      <RowInputs prefix={props.prefix} i={props.rows.length} keys={props.keys} row={{}} p={props.p} existing={false} />
    </section>
  );
}

function Socials(props: { p: ReviewProps; prefix: string; links: Record<string, string>; evidence: Record<string, Quote[]>; title: string; id: string }) {
  return (
    <fieldset class="socials">
      <legend id={props.id}>{props.title}</legend>
      <div class="social-grid">
        {SOCIAL_PLATFORMS.map((platform) => {
          const id = `${props.prefix}-${platform}`;
          const name = `${props.prefix}.${platform}`;
          const value = props.p.values && name in props.p.values ? props.p.values[name] ?? '' : props.links[platform] ?? '';
          const error = props.p.errors?.[id];
          return (
            <p class="field">
              <label for={id}>{platform}</label>
              <input id={id} name={name} type="url" value={value} placeholder="https://…" aria-describedby={error ? `${id}-error` : undefined} />
              <FieldNote id={`${id}-error`} error={error} />
              <Evidence quotes={props.evidence[platform] ?? []} label={`Where the website links to ${platform}`} />
            </p>
          );
        })}
      </div>
    </fieldset>
  );
}

export function ReviewPage(p: ReviewProps) {
  const d = p.draft;
  const regenerating = new Set(d.regenerating);
  const submitted = d.listing_id !== null;
  const missing = d.not_found_on_website.filter((f) => (DRAFT_FIELDS as readonly string[]).includes(f)) as DraftField[];
  return (
    <Layout siteName={p.siteName} title={`Review the draft of ${d.fields.name?.value ?? d.url}`} noindex>
      <p class="muted small"><a href="/account#drafts">Your drafts</a> ›</p>
      <h1>Review your draft</h1>
      <p>
        Drafted from <a href={externalHref(d.url) ?? '#'} rel="nofollow noopener">{pageOf(d.url)}</a>: {d.pages.length} page{d.pages.length === 1 ? '' : 's'} read,
        {' '}{d.completeness} % complete. Every value below shows the words on the website it comes from; what the website does not say is left blank.
      </p>
      {p.notice ? <p class="notice" role="status">{p.notice}</p> : null}
      {p.errors && Object.keys(p.errors).length ? (
        <div class="error-summary" role="alert">
          <p><strong>{p.errorTitle ?? 'Nothing was saved.'}</strong></p>
          <ul>{Object.entries(p.errors).map(([id, message]) => <li><a href={`#${id}`}>{message}</a></li>)}</ul>
        </div>
      ) : null}
      {regenerating.size ? <p class="notice" role="status">Being redrafted from the website: {[...regenerating].join(', ')}. <a href="">Reload</a> in a few seconds to see the new values.</p> : null}
      {d.warnings.length ? <details><summary>Notes on the build</summary><ul>{d.warnings.map((w) => <li>{w}</li>)}</ul></details> : null}
      <section aria-labelledby="not-stated" class="card not-stated">
        <h2 id="not-stated">What the website did not state</h2>
        {missing.length
          ? <p>{missing.map((f, i) => <>{i ? ', ' : ''}<a href={`#f-${f}`}>{FIELD_LABELS[f]}</a></>)}. These stay blank unless you fill them in: nothing is guessed.</p>
          : <p>The website stated every field we draft.</p>}
        {d.missing.length ? <p class="small muted">Still missing for a complete profile: {d.missing.join(', ')}.</p> : null}
      </section>

      <form method="post" action={`/drafts/${d.id}`} class="review-form" novalidate>
        <input type="hidden" name="csrf" value={p.csrf} />
        <p class="sticky-save"><button type="submit" name="action" value="save">Save changes</button></p>
        {GROUPS.map(([title, fields]) => (
          <section class="review-section" aria-labelledby={`g-${fields[0]}`}>
            <h2 id={`g-${fields[0]}`}>{title}</h2>
            {fields.map((f) => <FieldCard field={f} p={p} regenerating={regenerating.has(f)} />)}
          </section>
        ))}
        <Repeated title="Founders" id="founders" prefix="founder" present="founders.present" p={p}
          help="The people who started it, as the website names them; the first is shown as the primary founder."
          keys={[['name', 'Name', 'text'], ['title', 'Role', 'text'], ['bio', 'Short bio', 'textarea']]}
          rows={d.founders.map((f) => ({ name: f.name, title: f.title ?? '', bio: f.bio ?? '' }))} quotes={d.founders.map((f) => f.evidence)} />
        <Repeated title="Frequently asked questions" id="faqs" prefix="faq" present="faqs.present" p={p}
          help="Questions the website answers (the listing shows the first five)."
          keys={[['question', 'Question', 'text'], ['answer', 'Answer', 'textarea']]}
          rows={d.faqs.map((f) => ({ question: f.question, answer: f.answer }))} quotes={d.faqs.map((f) => f.evidence)} />
        <Repeated title="Milestones" id="milestones" prefix="milestone" present="milestones.present" p={p}
          help="Dated events: launches, releases, funding. The date is YYYY-MM-DD; links must be https."
          keys={[['date', 'Date', 'date'], ['title', 'Title', 'text'], ['description', 'Details', 'textarea'], ['url', 'Link', 'url']]}
          rows={d.milestones.map((m) => ({ date: m.date, title: m.title, description: m.description ?? '', url: m.url ?? '' }))} quotes={d.milestones.map((m) => m.evidence)} />
        <section aria-labelledby="socials" class="review-section">
          <h2 id="socials">Profiles elsewhere</h2>
          <input type="hidden" name="socials.present" value="1" />
          <Socials p={p} prefix="social" links={d.company_socials} evidence={d.company_social_evidence} title="The company's profiles" id="company-socials" />
          <Socials p={p} prefix="fsocial" links={d.founder_socials} evidence={d.founder_social_evidence} title="The primary founder's profiles" id="founder-socials" />
        </section>
        <section aria-labelledby="more" class="review-section">
          <h2 id="more">Competitor and search engines</h2>
          <p class="field">
            <label for="competitor-url">Closest competitor's website</label>
            <input id="competitor-url" name="competitor_url" type="url" value={p.values?.competitor_url ?? d.competitor_url ?? ''} aria-describedby={p.errors?.['competitor-url'] ? 'competitor-url-error' : undefined} />
            <FieldNote id="competitor-url-error" error={p.errors?.['competitor-url']} />
            <Evidence quotes={d.competitor_evidence} />
          </p>
          <p class="field">
            <label for="seo-title">Title for search engines <span class="muted">(max 70)</span></label>
            <input id="seo-title" name="seo.title" maxlength={70} value={p.values?.['seo.title'] ?? d.seo.title ?? ''} aria-describedby={p.errors?.['seo-title'] ? 'seo-title-error' : undefined} />
            <FieldNote id="seo-title-error" error={p.errors?.['seo-title']} />
          </p>
          <p class="field">
            <label for="seo-meta">Description for search engines <span class="muted">(max 170)</span></label>
            <textarea id="seo-meta" name="seo.meta" rows={2} maxlength={170} aria-describedby={p.errors?.['seo-meta'] ? 'seo-meta-error' : undefined}>{p.values?.['seo.meta'] ?? d.seo.meta ?? ''}</textarea>
            <FieldNote id="seo-meta-error" error={p.errors?.['seo-meta']} />
            <Evidence quotes={d.seo.evidence} />
          </p>
        </section>
        <p><button type="submit" name="action" value="save">Save changes</button></p>
      </form>

      <section aria-labelledby="next" class="card">
        <h2 id="next">{submitted ? 'Launch it' : 'Submit it'}</h2>
        {submitted ? (
          <p>This draft is saved as your listing; edits here update it. <a class="button" href={`/drafts/${d.id}/launch`}>Choose how to launch</a></p>
        ) : (
          <form method="post" action={`/drafts/${d.id}/submit`}>
            <input type="hidden" name="csrf" value={p.csrf} />
            <p>Submitting saves the draft as your listing (nothing is published yet and nothing is charged). Then you choose a free launch week or a paid launch.</p>
            <p><button type="submit">Submit listing</button></p>
          </form>
        )}
      </section>
      <details>
        <summary>Pages read ({d.pages.length})</summary>
        <ul>{d.pages.map((pg) => <li><a href={externalHref(pg.url) ?? '#'} rel="nofollow noopener">{pg.title ?? pageOf(pg.url)}</a></li>)}</ul>
      </details>
    </Layout>
  );
}

