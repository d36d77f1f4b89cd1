CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`run_at` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`max_attempts` integer DEFAULT 5 NOT NULL,
	`lease_until` text,
	`last_error` text,
	`user_id` integer,
	`dedupe_key` text,
	`created_at` text NOT NULL,
	`started_at` text,
	`finished_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_dedupe_key_unique` ON `jobs` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `jobs_due` ON `jobs` (`status`,`run_at`);--> statement-breakpoint
CREATE INDEX `jobs_kind_status` ON `jobs` (`kind`,`status`);--> statement-breakpoint
CREATE INDEX `jobs_user_kind_status` ON `jobs` (`user_id`,`kind`,`status`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `outbox_to` ON `outbox` (`to`,`created_at`);--> statement-breakpoint
CREATE TABLE `draft_invites` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`draft_id` text NOT NULL,
	`email` text NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by_user_id` integer NOT NULL,
	`accepted_user_id` integer,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`accepted_at` text,
	FOREIGN KEY (`draft_id`) REFERENCES `drafts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`accepted_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `draft_invites_token` ON `draft_invites` (`token_hash`);--> statement-breakpoint
CREATE INDEX `draft_invites_draft` ON `draft_invites` (`draft_id`);--> statement-breakpoint
CREATE TABLE `drafts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`url` text NOT NULL,
	`status` text DEFAULT 'crawling' NOT NULL,
	`failure_reason` text,
	`progress` text,
	`fields` text DEFAULT '{}' NOT NULL,
	`faqs` text DEFAULT '[]' NOT NULL,
	`founders` text DEFAULT '[]' NOT NULL,
	`company_socials` text DEFAULT '{}' NOT NULL,
	`founder_socials` text DEFAULT '{}' NOT NULL,
	`story` text,
	`milestones` text DEFAULT '[]' NOT NULL,
	`competitor_url` text,
	`seo` text,
	`build` text,
	`listing_id` integer,
	`completeness` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `drafts_user_created` ON `drafts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `drafts_status` ON `drafts` (`status`);