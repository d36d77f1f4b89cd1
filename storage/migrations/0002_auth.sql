CREATE TABLE `api_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`prefix` text NOT NULL,
	`hash` text NOT NULL,
	`scopes` text NOT NULL,
	`created_at` text NOT NULL,
	`last_used_at` text,
	`revoked_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_hash` ON `api_keys` (`hash`);--> statement-breakpoint
CREATE INDEX `api_keys_user` ON `api_keys` (`user_id`);--> statement-breakpoint
CREATE TABLE `oauth_grants_remembered` (
	`user_id` integer NOT NULL,
	`client_id` text NOT NULL,
	`client_name` text NOT NULL,
	`redirect_host` text,
	`scopes` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `client_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `oauth_keys` (
	`kind` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `oauth_store` (
	`model` text NOT NULL,
	`id` text NOT NULL,
	`payload` text NOT NULL,
	`grant_id` text,
	`uid` text,
	`user_code` text,
	`expires_at` integer,
	`consumed_at` integer,
	PRIMARY KEY(`model`, `id`)
);
--> statement-breakpoint
CREATE INDEX `oauth_store_grant` ON `oauth_store` (`grant_id`);--> statement-breakpoint
CREATE INDEX `oauth_store_uid` ON `oauth_store` (`model`,`uid`);--> statement-breakpoint
CREATE INDEX `oauth_store_user_code` ON `oauth_store` (`model`,`user_code`);--> statement-breakpoint
CREATE INDEX `oauth_store_expires` ON `oauth_store` (`expires_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`csrf` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires` ON `sessions` (`expires_at`);