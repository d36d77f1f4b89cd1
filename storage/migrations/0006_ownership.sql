CREATE TABLE `listing_owners` (
	`listing_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`via` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`listing_id`, `user_id`),
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `listing_owners_user` ON `listing_owners` (`user_id`);