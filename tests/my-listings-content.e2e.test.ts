import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from './smtp-receiver';
import type { Client } from '@modelcontextprotocol/client';
import { mcpClient, startApp, type TestApp } from './harness';
import { addFounder, addUser, insertRow } from './fixtures';
import { call, keyFor, newOwner, ownedListing, problemPaths, runJobs, tool, type Owner } from './my-listings-helpers';
import { createTransport } from '../jobs/mailer';
import { follows } from '../storage/schema';
import { versionsOfListing } from '../storage/queries/listing-history';

// post_listing_update (with e-mail to followers through a real SMTP receiver), add_milestone, delete_milestone,
// set_founder_story and answer_interview, over REST and MCP, with their bounds and other users' records.

let smtp: SmtpReceiver;
let received: ReceivedMail[] = [];
let smtpUrl = '';
let app: TestApp;
let ada: Owner;
let bob: Owner;
const ids: Record<string, number> = {};
const clients: Partial<Record<'modern' | 'legacy', Client>> = {};

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  received = smtp.messages;
  smtpUrl = smtp.url;

  app = await startApp({ demo: false });
  ada = await newOwner(app, 'ada@content.test');
  bob = await newOwner(app, 'bob@content.test');
  ids.free = await ownedListing(app, ada, { name: 'Ada Notes', slug: 'ada-notes', status: 'live', plan: 'free' });
  ids.paid = await ownedListing(app, ada, { name: 'Ada Pro', slug: 'ada-pro', status: 'live', plan: 'paid', unlockedSections: ['story', 'milestones'] });
  ids.bobs = await ownedListing(app, bob, { name: 'Bob Tool', slug: 'bob-tool', status: 'live' });
  const at = '2026-11-18T10:00:00.000Z';
  for (const email of ['fan1@content.test', 'fan2@content.test']) await insertRow(app.db, follows, { listingId: ids.free, userId: await addUser(app.db, email), createdAt: at });
  const demoFan = await addUser(app.db, 'demo-fan@content.test');
  await app.db.engine.prepare('UPDATE users SET is_demo = 1 WHERE id = ?').run(demoFan);
  await insertRow(app.db, follows, { listingId: ids.free, userId: demoFan, createdAt: at });
  await insertRow(app.db, follows, { listingId: ids.free, userId: ada.id, createdAt: at });
  const founder = await addFounder(app.db, 'Ada Lovelace', { listingId: ids.paid, title: 'CEO' });
  await app.db.engine.prepare('UPDATE founders SET user_id = ? WHERE id = ?').run(ada.id, founder);
  for (const era of ['modern', 'legacy'] as const) clients[era] = await mcpClient(app, era, { authorization: ada.auth });
});
afterAll(async () => {
  await clients.modern?.close();
  await clients.legacy?.close();
  await app?.close();
  await smtp.close();
});

const long = (n: number) => 'x'.repeat(n);
const expect400 = (res: { status: number; body: any }, path: string) => {
  expect(res.status).toBe(400);
  expect(problemPaths(res.body)).toContain(path);
};

describe('post_listing_update', () => {
  it('publishes the update on the listing and the latest-updates page, and e-mails the followers', async () => {
    const res = await call(app, 'POST', `/me/listings/${ids.free}/updates`, ada.auth, { title: 'Version 2 <beta>', body: 'Faster sync.\nNew themes.' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ listing_id: ids.free, title: 'Version 2 <beta>', body: 'Faster sync.\nNew themes.', public: true, followers_notified: 2 });
    expect((await call(app, 'GET', '/listings/ada-notes', null)).body.latest_updates[0]).toEqual({
      title: 'Version 2 <beta>', body: 'Faster sync.\nNew themes.', created_at: app.clock.now().toISOString(),
    });
    const page = await (await fetch(`${app.url}/updates`)).text();
    expect(page).toContain('Version 2 &lt;beta&gt;');

    const transport = createTransport({ smtpUrl, from: 'Directory <no-reply@directory.test>', db: app.db, clock: app.clock });
    const summary = await runJobs(app, transport);
    transport.close();
    expect(summary.failed).toBe(0);
    expect(received.map((m) => m.to[0]).sort()).toEqual(['fan1@content.test', 'fan2@content.test']);
    expect(received[0].raw).toMatch(/Subject: Ada Notes: Version 2 <beta>/);
    const text = received[0].raw.replace(/=\r?\n/g, ''); // undo quoted-printable soft line breaks
    expect(text).toContain(`See the listing: ${app.url}/listings/ada-notes`);
    expect(text).toContain('Faster sync.');
  });

  it.each([
    [{ title: long(201), body: 'b' }, 'title'],
    [{ title: '   ', body: 'b' }, 'title'],
    [{ title: 't', body: long(5001) }, 'body'],
    [{ title: 't' }, 'body'],
    [{ title: 't', body: 'b', html: '<p>' }, 'html'],
  ])('rejects %j naming %s', async (body, path) => {
    expect400(await call(app, 'POST', `/me/listings/${ids.free}/updates`, ada.auth, body), path);
  });

  it('is 404 on another user\'s listing and needs listings:write', async () => {
    expect((await call(app, 'POST', `/me/listings/${ids.bobs}/updates`, ada.auth, { title: 't', body: 'b' })).status).toBe(404);
    expect((await call(app, 'POST', `/me/listings/${ids.free}/updates`, await keyFor(app, ada.id, ['account:read']), { title: 't', body: 'b' })).status).toBe(403);
    expect((await call(app, 'POST', `/me/listings/${ids.free}/updates`, null, { title: 't', body: 'b' })).status).toBe(401);
  });

  it('posts once for a retried request with the same Idempotency-Key', async () => {
    const count = async () => await app.db.engine.prepare('SELECT count(*) FROM listing_updates').pluck().get() as number;
    const first = await call(app, 'POST', `/me/listings/${ids.paid}/updates`, ada.auth, { title: 'Once', body: 'Only once.' }, { 'idempotency-key': 'update-1' });
    const n = await count();
    const again = await call(app, 'POST', `/me/listings/${ids.paid}/updates`, ada.auth, { title: 'Once', body: 'Only once.' }, { 'idempotency-key': 'update-1' });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await count()).toBe(n);
  });

  it.each(['modern', 'legacy'] as const)('works over MCP (%s era)', async (era) => {
    const res = await tool(clients[era]!, 'post_listing_update', { listing_id: ids.paid, title: `From ${era}`, body: 'Hello.' });
    expect(res.isError).toBe(false);
    expect(res.body).toMatchObject({ listing_id: ids.paid, title: `From ${era}`, followers_notified: 0 });
    const bad = await tool(clients[era]!, 'post_listing_update', { listing_id: ids.paid, title: long(201), body: 'b' });
    expect(bad.body).toMatchObject({ status: 400 });
    expect(problemPaths(bad.body)).toEqual(['title']);
  });
});

describe('milestones', () => {
  it('adds a milestone (201), shown publicly only on a paid listing or when unlocked', async () => {
    const free = await call(app, 'POST', `/me/listings/${ids.free}/milestones`, ada.auth, { date: '2026-10-01', title: 'First 100 users' });
    expect(free.status).toBe(201);
    expect(free.body).toMatchObject({ listing_id: ids.free, date: '2026-10-01', title: 'First 100 users', description: null, url: null, shown_publicly: false });
    expect((await call(app, 'GET', '/listings/ada-notes', null)).body).not.toHaveProperty('milestones');
    const mine = (await call(app, 'GET', `/me/listings/${ids.free}`, ada.auth)).body;
    expect(mine.milestones).toEqual([{ milestone_id: free.body.milestone_id, date: '2026-10-01', title: 'First 100 users', description: null, url: null }]);

    const paid = await call(app, 'POST', `/me/listings/${ids.paid}/milestones`, ada.auth, {
      date: '2026-09-15', title: 'Launched v1', description: 'Public release.', url: 'https://adapro.example/blog/v1',
    });
    expect(paid.body.shown_publicly).toBe(true);
    expect((await call(app, 'GET', '/listings/ada-pro', null)).body.milestones).toEqual([
      { date: '2026-09-15', title: 'Launched v1', description: 'Public release.', url: 'https://adapro.example/blog/v1' },
    ]);
    expect((await versionsOfListing(app.db, ids.paid))[0]).toMatchObject({ changed_fields: ['milestones'], before: { milestone: null } });
  });

  it.each([
    [{ title: 'No date' }, 'date'],
    [{ date: '2026-13-01', title: 't' }, 'date'],
    [{ date: '2026-02-30', title: 't' }, 'date'],
    [{ date: '2026/01/01', title: 't' }, 'date'],
    [{ date: '2026-01-01' }, 'title'],
    [{ date: '2026-01-01', title: long(201) }, 'title'],
    [{ date: '2026-01-01', title: 't', description: long(2001) }, 'description'],
    [{ date: '2026-01-01', title: 't', url: 'http://insecure.example' }, 'url'],
    [{ date: '2026-01-01', title: 't', url: `https://a.example/${long(490)}` }, 'url'],
  ])('rejects %j naming %s', async (body, path) => {
    expect400(await call(app, 'POST', `/me/listings/${ids.paid}/milestones`, ada.auth, body), path);
  });

  it('deletes a milestone; unknown ids and other listings\' milestones are 404', async () => {
    const bobsMilestone = await call(app, 'POST', `/me/listings/${ids.bobs}/milestones`, bob.auth, { date: '2026-01-01', title: 'Bob\'s' });
    const mine = await call(app, 'POST', `/me/listings/${ids.paid}/milestones`, ada.auth, { date: '2026-11-01', title: 'To delete' });
    const id = mine.body.milestone_id;
    expect((await call(app, 'DELETE', `/me/listings/${ids.free}/milestones/${id}`, ada.auth)).status).toBe(404); // wrong listing
    expect((await call(app, 'DELETE', `/me/listings/${ids.paid}/milestones/${bobsMilestone.body.milestone_id}`, ada.auth)).status).toBe(404);
    expect((await call(app, 'DELETE', `/me/listings/${ids.bobs}/milestones/${bobsMilestone.body.milestone_id}`, ada.auth)).status).toBe(404);
    expect400(await call(app, 'DELETE', `/me/listings/${ids.paid}/milestones/0`, ada.auth), 'milestone_id');

    const gone = await call(app, 'DELETE', `/me/listings/${ids.paid}/milestones/${id}`, ada.auth);
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ deleted: true, listing_id: ids.paid, milestone: { milestone_id: id, date: '2026-11-01', title: 'To delete', description: null, url: null } });
    expect((await call(app, 'DELETE', `/me/listings/${ids.paid}/milestones/${id}`, ada.auth)).status).toBe(404);
    expect((await call(app, 'GET', `/me/listings/${ids.bobs}`, bob.auth)).body.milestones).toHaveLength(1);
    expect((await versionsOfListing(app.db, ids.paid))[0]).toMatchObject({ changed_fields: ['milestones'], after: { milestone: null } });
  });

  it.each(['modern', 'legacy'] as const)('adds and deletes over MCP (%s era)', async (era) => {
    const added = await tool(clients[era]!, 'add_milestone', { listing_id: ids.paid, date: '2026-08-01', title: `MCP ${era}` });
    expect(added.isError).toBe(false);
    const deleted = await tool(clients[era]!, 'delete_milestone', { listing_id: ids.paid, milestone_id: added.body.milestone_id });
    expect(deleted.body).toMatchObject({ deleted: true });
    const again = await tool(clients[era]!, 'delete_milestone', { listing_id: ids.paid, milestone_id: added.body.milestone_id });
    expect(again).toMatchObject({ isError: true, body: { status: 404, code: 'not_found' } });
  });
});

describe('set_founder_story', () => {
  const story = { title: 'Why we built Ada Pro', why_started: 'Spreadsheets hurt.', lessons: 'Ship weekly.' };

  it('saves the story; the public sees it only when the story section is unlocked', async () => {
    const locked = await call(app, 'PUT', `/me/listings/${ids.free}/story`, ada.auth, story);
    expect(locked.status).toBe(200);
    expect(locked.body).toEqual({ listing_id: ids.free, story, shown_publicly: false });
    expect((await call(app, 'GET', '/listings/ada-notes', null)).body).not.toHaveProperty('story');
    expect((await call(app, 'GET', `/me/listings/${ids.free}`, ada.auth)).body.story).toEqual(story);

    const open = await call(app, 'PUT', `/me/listings/${ids.paid}/story`, ada.auth, { ...story, problem: '  ' });
    expect(open.body).toEqual({ listing_id: ids.paid, story, shown_publicly: true });
    expect((await call(app, 'GET', '/listings/ada-pro', null)).body.story).toEqual(story);
    const founder = (await call(app, 'GET', '/founders/ada-lovelace', null)).body;
    expect(founder.stories).toEqual([{ listing_slug: 'ada-pro', listing_name: 'Ada Pro', title: story.title, sections: { why_started: 'Spreadsheets hurt.', lessons: 'Ship weekly.' } }]);
    expect((await versionsOfListing(app.db, ids.paid))[0]).toMatchObject({ changed_fields: ['story'], before: { story: null }, after: { story } });
  });

  it('replaces the whole story; an empty body clears it', async () => {
    const res = await call(app, 'PUT', `/me/listings/${ids.free}/story`, ada.auth, { story: 'Just this.' });
    expect(res.body.story).toEqual({ story: 'Just this.' });
    expect((await call(app, 'PUT', `/me/listings/${ids.free}/story`, ada.auth, {})).body.story).toBeNull();
    expect((await call(app, 'GET', `/me/listings/${ids.free}`, ada.auth)).body.story).toBeNull();
  });

  it.each([
    [{ title: long(201) }, 'title'],
    [{ why_started: long(8001) }, 'why_started'],
    [{ whats_next: long(8001) }, 'whats_next'],
    [{ intro: 'hi' }, 'intro'],
  ])('rejects %j naming %s', async (body, path) => {
    expect400(await call(app, 'PUT', `/me/listings/${ids.free}/story`, ada.auth, body), path);
  });

  it('is 404 on another user\'s listing; works over MCP', async () => {
    expect((await call(app, 'PUT', `/me/listings/${ids.bobs}/story`, ada.auth, story)).status).toBe(404);
    for (const era of ['modern', 'legacy'] as const) {
      const res = await tool(clients[era]!, 'set_founder_story', { listing_id: ids.free, story: `Told over ${era}` });
      expect(res).toMatchObject({ isError: false, body: { story: { story: `Told over ${era}` } } });
    }
  });
});

describe('answer_interview', () => {
  let questions: { question_id: number; question: string }[];
  beforeAll(async () => {
    questions = (await call(app, 'GET', '/interview-questions', null)).body.items;
  });

  it('saves answers per user and shows them on the linked founder profile', async () => {
    const [q1, q2] = questions;
    const res = await call(app, 'PUT', '/me/interview', ada.auth, { answers: [{ question_id: q2.question_id, answer: 'Mornings.' }, { question_id: q1.question_id, answer: 'Curiosity.' }] });
    expect(res.status).toBe(200);
    expect(res.body.founder_slug).toBe('ada-lovelace');
    expect(res.body.answers.map((a: any) => [a.question_id, a.answer])).toEqual([[q1.question_id, 'Curiosity.'], [q2.question_id, 'Mornings.']]);
    const founder = (await call(app, 'GET', '/founders/ada-lovelace', null)).body;
    expect(founder.interview).toEqual([
      { question_id: q1.question_id, question: q1.question, answer: 'Curiosity.' },
      { question_id: q2.question_id, question: q2.question, answer: 'Mornings.' },
    ]);
  });

  it('keeps answers not sent, replaces one sent again, and removes one sent empty', async () => {
    const [q1, q2, q3] = questions;
    await call(app, 'PUT', '/me/interview', ada.auth, { answers: [{ question_id: q3.question_id, answer: 'Tea.' }, { question_id: q2.question_id, answer: 'Evenings.' }] });
    const res = await call(app, 'PUT', '/me/interview', ada.auth, { answers: [{ question_id: q1.question_id, answer: '' }] });
    expect(res.body.answers.map((a: any) => [a.question_id, a.answer])).toEqual([[q2.question_id, 'Evenings.'], [q3.question_id, 'Tea.']]);
    // Bob's answers are his own; he has no founder profile yet.
    const bobs = await call(app, 'PUT', '/me/interview', bob.auth, { answers: [{ question_id: q1.question_id, answer: 'Money.' }] });
    expect(bobs.body).toMatchObject({ founder_slug: null, answers: [{ question_id: q1.question_id, answer: 'Money.' }] });
  });

  it.each([
    [{ answers: [{ question_id: 1, answer: 'ok' }, { question_id: 99999, answer: 'x' }] }, 'answers.1.question_id'],
    [{ answers: [{ question_id: 1, answer: 'a' }, { question_id: 1, answer: 'b' }] }, 'answers.1.question_id'],
    [{ answers: [{ question_id: 0, answer: 'x' }] }, 'answers.0.question_id'],
    [{ answers: [{ question_id: 1, answer: long(4001) }] }, 'answers.0.answer'],
    [{ answers: [{ question_id: 1 }] }, 'answers.0.answer'],
    [{ answers: Array.from({ length: 31 }, () => ({ question_id: 1, answer: 'x' })) }, 'answers'],
    [{}, 'answers'],
  ])('rejects %j naming %s, and saves nothing', async (body, path) => {
    const before = (await call(app, 'GET', '/founders/ada-lovelace', null)).body.interview;
    expect400(await call(app, 'PUT', '/me/interview', ada.auth, body), path);
    expect((await call(app, 'GET', '/founders/ada-lovelace', null)).body.interview).toEqual(before);
  });

  it.each(['modern', 'legacy'] as const)('works over MCP (%s era)', async (era) => {
    const q = questions[0];
    const res = await tool(clients[era]!, 'answer_interview', { answers: [{ question_id: q.question_id, answer: `Said over ${era}` }] });
    expect(res.isError).toBe(false);
    expect(res.body.answers[0]).toMatchObject({ question_id: q.question_id, answer: `Said over ${era}` });
    const bad = await tool(clients[era]!, 'answer_interview', { answers: [{ question_id: 424242, answer: 'x' }] });
    expect(bad.body).toMatchObject({ status: 400 });
    expect(problemPaths(bad.body)).toEqual(['answers.0.question_id']);
  });
});
