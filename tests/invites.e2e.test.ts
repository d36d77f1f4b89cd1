import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness';
import { Browser, hiddenFields, signUp } from './auth-helpers';
import { caller, draftRow, problemPaths, readyDraft, rest, tool, until, type Caller } from './drafts-helpers';
import { listOutbox } from '../storage/queries/outbox';
import { sha256Hex } from '../auth/api-keys';

// invite_cofounder and the page its e-mail links to: the co-founder signs up, writes their own profile,
// and joins the draft's founders (and the listing's, once submitted) as an owner. The worker delivers
// the e-mail to the outbox, as it does without SMTP_URL.

let app: TestApp;
let ana: Caller;
let submittedId: string;
let unsubmittedId: string;
let listingId: number;

beforeAll(async () => {
  app = await startApp({ demo: false, jobs: true });
  ana = await caller(app, 'ana@lumen.example');
  const ev = (url: string, quote: string) => [{ url, quote }];
  submittedId = await readyDraft(app, ana.id, 'https://lumen.example/', {
    name: { value: 'Lumen Notes', evidence: ev('https://lumen.example/', 'Lumen Notes') },
    categories: { value: ['Productivity'], evidence: ev('https://lumen.example/', 'productivity') },
  });
  unsubmittedId = await readyDraft(app, ana.id, 'https://quill.example/', { name: { value: 'Quill', evidence: ev('https://quill.example/', 'Quill') } });
  await rest(app, 'PATCH', `/drafts/${submittedId}`, ana.auth, { founders: [{ name: 'Ana Ribeiro', title: 'CEO' }, { name: 'Tom Becker' }] });
  const submitted = await rest(app, 'POST', `/drafts/${submittedId}/submit`, ana.auth);
  listingId = submitted.body.listing_id;
}, 30_000);
afterAll(async () => {
  await ana.modern.close();
  await ana.legacy.close();
  await app.close();
});

// The link of the latest invite e-mail to an address, once the worker has delivered it.
async function inviteLink(to: string): Promise<string> {
  const [mail] = (await until(async () => listOutbox(app.db, { to }), (m) => m.length > 0)).at(-1)!;
  expect(mail.subject).toMatch(/invited you to add your founder profile/);
  return mail.text.match(/http:\/\/127\.0\.0\.1:\d+\/invites\/[A-Za-z0-9_-]+/)![0];
}

describe('invite_cofounder', () => {
  it('answers 201, e-mails a link and stores only the token\'s hash', async () => {
    const res = await rest(app, 'POST', `/drafts/${submittedId}/invites`, ana.auth, { email: 'Tom@Lumen.example' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ draft_id: submittedId, email: 'tom@lumen.example', status: 'pending', invites_sent: 1, invites_left: 9 });
    const link = await inviteLink('tom@lumen.example');
    const token = link.split('/').pop()!;
    const row = await app.db.engine.prepare('SELECT token_hash FROM draft_invites WHERE draft_id = ?').get(submittedId) as { token_hash: string };
    expect(row.token_hash).toBe(sha256Hex(token));
    expect(JSON.stringify(await app.db.engine.prepare('SELECT * FROM draft_invites').all())).not.toContain(token);
    const d = await rest(app, 'GET', `/drafts/${submittedId}`, ana.auth);
    expect(d.body.invites).toEqual([{ email: 'tom@lumen.example', status: 'pending', created_at: expect.any(String) }]);
  });

  it('sends up to 10 invites per draft, then 409; refuses the inviter\'s own address', async () => {
    const own = await tool(ana.modern, 'invite_cofounder', { id: unsubmittedId, email: 'ana@lumen.example' });
    expect(own.isError).toBe(true);
    expect(problemPaths(own.body)).toEqual(['email']);
    for (let i = 1; i <= 10; i++) {
      const r = await tool(i % 2 ? ana.modern : ana.legacy, 'invite_cofounder', { id: unsubmittedId, email: `person${i}@quill.example` });
      expect(r.isError, JSON.stringify(r.body)).toBe(false);
      expect(r.body.invites_left).toBe(10 - i);
    }
    const eleventh = await rest(app, 'POST', `/drafts/${unsubmittedId}/invites`, ana.auth, { email: 'person11@quill.example' });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.detail).toMatch(/10 invites/);
  });
});

describe('the invite page', () => {
  it('asks a visitor to sign in or sign up, then adds their profile to the listing and makes them an owner', async () => {
    const link = await inviteLink('tom@lumen.example');
    const path = new URL(link).pathname;
    const tom = new Browser(app.url);
    const landing = await tom.get(path);
    expect(landing.status).toBe(200);
    const html = await landing.text();
    expect(html).toContain('Lumen Notes');
    expect(html).toContain(`/signin?next=${encodeURIComponent(path)}`);
    expect(html).toContain(`/signup?next=${encodeURIComponent(path)}`);
    expect(landing.headers.get('cache-control')).toBe('no-store');

    // Sign up from the link: the sign-up page brings them back to the invite.
    const signupPage = await (await tom.get(`/signup?next=${encodeURIComponent(path)}`)).text();
    const created = await tom.post('/signup', { ...hiddenFields(signupPage, '/signup'), email: 'tom@lumen.example', password: 'correct horse battery', name: 'Tom' });
    expect(created.status).toBe(303);
    expect(created.headers.get('location')).toBe(path);
    const formPage = await tom.get(path);
    const formHtml = await formPage.text();
    expect(formHtml).toContain(`action="${path}"`);

    // A forged form is refused; a bad one is shown again with the problem.
    expect((await tom.post(path, { csrf: 'x'.repeat(43), name: 'Tom Becker' })).status).toBe(403);
    const hidden = hiddenFields(formHtml, path);
    const bad = await tom.post(path, { ...hidden, name: '', linkedin: 'not a link' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/Write your name[\s\S]*full link/);

    const ok = await tom.post(path, { ...hidden, name: 'Tom Becker', title: 'Co-founder & CTO', bio: 'Builds the <sync> engine.', linkedin: 'https://www.linkedin.com/in/tom-becker', x: '', github: '', website: '' });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('Your profile is added');

    const tomId = (await app.db.engine.prepare('SELECT id FROM users WHERE email = ?').get('tom@lumen.example') as { id: number }).id;
    const founder = await app.db.engine.prepare('SELECT id, name, bio, socials, user_id FROM founders WHERE user_id = ?').get(tomId) as any;
    expect(founder).toMatchObject({ name: 'Tom Becker', bio: 'Builds the <sync> engine.', user_id: tomId });
    expect(JSON.parse(founder.socials)).toEqual({ linkedin: 'https://www.linkedin.com/in/tom-becker' });
    // The typed "Tom Becker" entry became Tom's own profile, in the same place.
    const linked = await app.db.engine.prepare('SELECT f.name, f.user_id, lf.title FROM listing_founders lf JOIN founders f ON f.id = lf.founder_id WHERE lf.listing_id = ? ORDER BY lf.position').all(listingId);
    expect(linked).toEqual([{ name: 'Ana Ribeiro', user_id: null, title: 'CEO' }, { name: 'Tom Becker', user_id: tomId, title: 'Co-founder & CTO' }]);
    expect(await app.db.engine.prepare('SELECT via FROM listing_owners WHERE listing_id = ? AND user_id = ?').get(listingId, tomId)).toEqual({ via: 'invite' });

    const d = (await rest(app, 'GET', `/drafts/${submittedId}`, ana.auth)).body;
    expect(d.founders[1]).toMatchObject({ name: 'Tom Becker', title: 'Co-founder & CTO', joined: true });
    expect(d.invites[0].status).toBe('accepted');

    // The link is used up; Ana's later founder edits keep Tom's account link and profile.
    expect((await (await tom.get(path)).text())).toContain('Your founder profile is on Lumen Notes');
    expect((await new Browser(app.url).get(path)).status).toBe(409);
    await rest(app, 'PATCH', `/drafts/${submittedId}`, ana.auth, { founders: [{ name: 'Tom Becker', title: 'CTO' }, { name: 'Ana Ribeiro', title: 'CEO' }] });
    const after = await app.db.engine.prepare('SELECT f.id, f.bio, lf.title FROM listing_founders lf JOIN founders f ON f.id = lf.founder_id WHERE lf.listing_id = ? ORDER BY lf.position').all(listingId) as any[];
    expect(after[0]).toMatchObject({ id: founder.id, bio: 'Builds the <sync> engine.', title: 'CTO' });
  });

  it('adds the profile to a draft not submitted yet, and to the listing when it is', async () => {
    const link = new URL(await inviteLink('person1@quill.example')).pathname;
    const b = new Browser(app.url);
    await signUp(b, 'person1@quill.example', 'correct horse battery', 'Pat');
    const page = await (await b.get(link)).text();
    const res = await b.post(link, { ...hiddenFields(page, link), name: 'Pat Quill', title: 'Co-founder' });
    expect(res.status).toBe(200);
    const patId = (await app.db.engine.prepare('SELECT id FROM users WHERE email = ?').get('person1@quill.example') as { id: number }).id;
    expect((await draftRow(app, unsubmittedId)).founders).toEqual([{ name: 'Pat Quill', title: 'Co-founder', bio: null, socials: {}, user_id: patId }]);

    await rest(app, 'PATCH', `/drafts/${unsubmittedId}`, ana.auth, { fields: { categories: ['Design'] } });
    const submitted = await rest(app, 'POST', `/drafts/${unsubmittedId}/submit`, ana.auth);
    expect(submitted.status).toBe(200);
    const founders = await app.db.engine.prepare('SELECT f.name, f.user_id FROM listing_founders lf JOIN founders f ON f.id = lf.founder_id WHERE lf.listing_id = ?').all(submitted.body.listing_id);
    expect(founders).toEqual([{ name: 'Pat Quill', user_id: patId }]);
    expect(await app.db.engine.prepare('SELECT via FROM listing_owners WHERE listing_id = ? AND user_id = ?').get(submitted.body.listing_id, patId)).toEqual({ via: 'invite' });
  });

  it('refuses unknown links, the inviter\'s own click and expired links', async () => {
    expect((await new Browser(app.url).get('/invites/not-a-real-token-at-all-but-long-enough-000')).status).toBe(404);
    const link = new URL(await inviteLink('person2@quill.example')).pathname;
    const anaBrowser = new Browser(app.url);
    await signInAsAna(anaBrowser);
    expect((await anaBrowser.get(link)).status).toBe(409);
    app.clock.advance(15 * 86_400_000);
    const late = await new Browser(app.url).get(link);
    expect(late.status).toBe(409);
    expect(await late.text()).toContain('This invite has expired');
    const d = (await rest(app, 'GET', `/drafts/${unsubmittedId}`, ana.auth)).body;
    expect(d.invites.filter((i: any) => i.status === 'expired').length).toBe(9);
  });
});

// Ana's account comes from the fixtures without a password: give it one and sign in on the site.
async function signInAsAna(b: Browser) {
  const { hashPassword } = await import('../auth/passwords');
  await app.db.engine.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(await hashPassword('ana password 123'), ana.id);
  const page = await (await b.get('/signin')).text();
  const res = await b.post('/signin', { ...hiddenFields(page, '/signin'), email: 'ana@lumen.example', password: 'ana password 123' });
  expect(res.status).toBe(303);
}
