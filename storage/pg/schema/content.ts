import { pgTable, integer, text, index } from 'drizzle-orm/pg-core';
import { intBool, jsonText } from './columns';
import type { Faq } from '../../schema/directory';

export const blogPosts = pgTable('blog_posts', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  excerpt: text('excerpt').notNull().default(''),
  bodyMarkdown: text('body_markdown').notNull(),
  author: text('author').notNull(),
  faqs: jsonText('faqs').$type<Faq[]>().notNull().default([]),
  tags: jsonText('tags').$type<string[]>().notNull().default([]),
  isDemo: intBool('is_demo').notNull().default(false),
  // A draft is never shown, whatever its date (blog-import with draft: true, or blog-unpublish).
  draft: intBool('draft').notNull().default(false),
  publishedAt: text('published_at').notNull(),
}, (t) => [index('blog_published').on(t.publishedAt)]);

export const interviewQuestions = pgTable('interview_questions', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  question: text('question').notNull(),
  position: integer('position').notNull().default(0),
});
