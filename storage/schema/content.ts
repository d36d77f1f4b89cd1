import { sqliteTable, integer, text, index } from 'drizzle-orm/sqlite-core';
import type { Faq } from './directory';

export const blogPosts = sqliteTable('blog_posts', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  excerpt: text('excerpt').notNull().default(''),
  bodyMarkdown: text('body_markdown').notNull(),
  author: text('author').notNull(),
  faqs: text('faqs', { mode: 'json' }).$type<Faq[]>().notNull().default([]),
  tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default([]),
  isDemo: integer('is_demo', { mode: 'boolean' }).notNull().default(false),
  // A draft is never shown, whatever its date (blog-import with draft: true, or blog-unpublish).
  draft: integer('draft', { mode: 'boolean' }).notNull().default(false),
  publishedAt: text('published_at').notNull(),
}, (t) => [index('blog_published').on(t.publishedAt)]);

export const interviewQuestions = sqliteTable('interview_questions', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  question: text('question').notNull(),
  position: integer('position').notNull().default(0),
});
