import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Db } from '../storage/db';
import { openTestDb, type TestDb } from './support/test-db';
import { fixedClock } from '../tools/clock';
import { getDraft, insertDraft, updateDraft } from '../storage/queries/drafts';
import { getJob } from '../storage/queries/jobs';
import { editField, lockField } from '../domain/draft-fields';
import { draftBuildHandler, enqueueDraftBuild, DRAFT_BUILD_JOB } from '../jobs/draft-build';
import { enqueue } from '../jobs/queue';
import { runDueJobs } from '../jobs/worker';
import { userAgentFor } from '../crawler/safe-fetch';
import { addCategory, addUser } from './fixtures';
import { serveSite, SITES_DIR, type SiteServer } from './fixture-server';
import { logoById } from '../storage/queries/logos';

const fetchOptions = { allowPrivate: false, userAgent: userAgentFor('http://directory.test'), trustAddress: (a: string) => a === '127.0.0.1' };
const handlers = { [DRAFT_BUILD_JOB]: draftBuildHandler({ fetchOptions, model: null, logoBaseUrl: 'http://directory.test/logos' }) };

const sites: Record<string, SiteServer> = {};
beforeAll(async () => {
  for (const name of ['rich', 'robots503']) sites[name] = await serveSite(name);
});
afterAll(async () => {
  for (const s of Object.values(sites)) await s.close();
});

let testDb: TestDb;
let db: Db;
let userId: number;
const clock = fixedClock('2026-11-18T12:00:00Z');
beforeEach(async () => {
  testDb = await openTestDb();
  db = testDb.db;
  userId = await addUser(db);
  await addCategory(db, 'productivity', { name: 'Productivity' });
  await addCategory(db, 'notes', { name: 'Notes & Knowledge Bases', parent: 'productivity' });
  // Every status the draft passes through, in order (a trigger in each dialect).
  await db.engine.exec(db.kind === 'pg'
    ? `CREATE TABLE status_log (n serial PRIMARY KEY, status TEXT);
      CREATE FUNCTION log_status() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO status_log (status) VALUES (NEW.status); RETURN NULL; END $$;
      CREATE TRIGGER log_status AFTER UPDATE OF status ON drafts FOR EACH ROW
        WHEN (NEW.status IS DISTINCT FROM OLD.status) EXECUTE FUNCTION log_status();`
    : `CREATE TABLE status_log (n INTEGER PRIMARY KEY, status TEXT);
      CREATE TRIGGER log_status AFTER UPDATE OF status ON drafts WHEN new.status IS NOT old.status
      BEGIN INSERT INTO status_log (status) VALUES (new.status); END;`);
});
afterEach(async () => {
  await testDb.close();
});

const statuses = async () => (await db.engine.prepare('SELECT status FROM status_log ORDER BY n').all() as Array<{ status: string }>).map((r) => r.status);
const newDraft = async (url: string) => await insertDraft(db, { id: randomUUID(), userId, url, now: clock.now().toISOString() });

describe('draft_build job', () => {
  it('builds a draft: crawling → drafting → ready, with evidence, progress and completeness', async () => {
    const draft = await newDraft(sites.rich.url);
    expect(draft.status).toBe('crawling');
    const jobId = await enqueueDraftBuild(db, clock, draft.id, userId);
    expect(await enqueueDraftBuild(db, clock, draft.id, userId)).toBe(jobId); // submitted twice, built once
    await runDueJobs({ db, clock, handlers, log: () => {} });
    expect((await getJob(db, jobId))!.status).toBe('done');
    expect(await statuses()).toEqual(['drafting', 'ready']); // it starts in crawling
    const d = (await getDraft(db, draft.id))!;
    expect(d.status).toBe('ready');
    expect(d.failureReason).toBeNull();
    expect(d.progress).toMatchObject({ step: 'done', pages_fetched: 10, pages_planned: 10, started_at: '2026-11-18T12:00:00.000Z' });
    expect(d.fields.name).toMatchObject({ value: 'Lumen Notes', state: 'ai', ai_value: 'Lumen Notes', locked: false });
    expect(d.fields.name!.evidence[0]).toMatchObject({ url: sites.rich.url, quote: 'Lumen Notes' });
    expect(d.fields.stage).toMatchObject({ value: null, state: 'not_found' });
    expect(d.fields.categories!.value).toEqual(['Productivity']);
    expect(d.faqs).toHaveLength(3);
    expect(d.founders[0]).toMatchObject({ name: 'Ana Ribeiro', title: 'Co-founder & CEO' });
    expect(d.companySocials.github).toBe('https://github.com/lumen-notes');
    expect(d.founderSocials).toEqual({ linkedin: 'https://www.linkedin.com/in/ana-ribeiro' });
    expect(d.completeness).toBeGreaterThanOrEqual(80);
    expect(d.build!.used_model).toBe(false);
    expect(d.build!.not_found_on_website).toEqual(['stage', 'tags', 'usps', 'milestones']);
    expect(d.build!.pages).toHaveLength(10);
    expect(d.build!.sources.find((s) => s.url.endsWith('/about'))!.text).toContain('founded in 2019');
    expect(d.build!.warnings.join('\n')).toMatch(/No language model is configured/);
    // The logo is our checked copy of the JSON-LD logo, stored under its hash; its quote is where the page names it.
    const png = readFileSync(join(SITES_DIR, 'rich', 'img', 'logo.png'));
    const sha = createHash('sha256').update(png).digest('hex');
    expect(d.fields.logo_url).toMatchObject({ value: `http://directory.test/logos/${sha}.png`, state: 'ai' });
    expect(d.fields.logo_url!.evidence[0]).toMatchObject({ url: sites.rich.url, quote: `${sites.rich.origin}/img/logo.png` });
    expect(await logoById(db, sha)).toMatchObject({ contentType: 'image/png', width: 48, height: 48, bytes: png });
  });

  it('fails with the reason when robots.txt is unavailable, without retrying', async () => {
    const draft = await newDraft(sites.robots503.url);
    const jobId = await enqueueDraftBuild(db, clock, draft.id, userId);
    const summary = await runDueJobs({ db, clock, handlers, log: () => {} });
    expect(summary).toMatchObject({ done: 1, retried: 0 });
    expect((await getJob(db, jobId))!.attempts).toBe(1);
    const d = (await getDraft(db, draft.id))!;
    expect(d.status).toBe('failed');
    expect(d.failureReason).toMatch(/robots\.txt answered HTTP 503/);
    expect(d.progress!.step).toBe('failed');
    expect(await statuses()).toEqual(['failed']);
  });

  it('a rebuild keeps what the user edited or locked', async () => {
    const draft = await newDraft(sites.rich.url);
    await enqueueDraftBuild(db, clock, draft.id, userId);
    await runDueJobs({ db, clock, handlers, log: () => {} });
    const built = (await getDraft(db, draft.id))!;
    const fields = { ...built.fields, tagline: editField(built.fields.tagline!, 'My own tagline'), name: lockField(built.fields.name!) };
    await updateDraft(db, draft.id, { fields, status: 'crawling' }, clock.now().toISOString());
    await enqueue(db, clock, DRAFT_BUILD_JOB, { draftId: draft.id }, { userId });
    await runDueJobs({ db, clock, handlers, log: () => {} });
    const d = (await getDraft(db, draft.id))!;
    expect(d.status).toBe('ready');
    expect(d.fields.tagline).toMatchObject({ value: 'My own tagline', state: 'edited', ai_value: 'Notes that link themselves' });
    expect(d.fields.name).toMatchObject({ value: 'Lumen Notes', state: 'override', locked: true });
  });
});
