CREATE TABLE `badge_checks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`listing_id` integer NOT NULL,
	`checked_at` text NOT NULL,
	`found` integer NOT NULL,
	`detail` text NOT NULL,
	`snippet` text,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `badge_checks_listing` ON `badge_checks` (`listing_id`,`checked_at`);--> statement-breakpoint
CREATE TABLE `interview_answers` (
	`user_id` integer NOT NULL,
	`question_id` integer NOT NULL,
	`answer` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `question_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `interview_questions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `listing_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`listing_id` integer NOT NULL,
	`user_id` integer,
	`before` text NOT NULL,
	`after` text NOT NULL,
	`changed_fields` text NOT NULL,
	`created_at` text NOT NULL,
	`reviewed_at` text,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `listing_versions_listing` ON `listing_versions` (`listing_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `listing_versions_review` ON `listing_versions` (`reviewed_at`,`created_at`);