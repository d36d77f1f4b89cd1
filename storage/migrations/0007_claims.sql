CREATE TABLE `claims` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`listing_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`method` text NOT NULL,
	`email` text,
	`token` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`last_check_at` text,
	`last_check_detail` text,
	`expires_at` text NOT NULL,
	`verified_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `claims_token` ON `claims` (`token`);--> statement-breakpoint
CREATE INDEX `claims_user_created` ON `claims` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `claims_listing_user` ON `claims` (`listing_id`,`user_id`,`method`);