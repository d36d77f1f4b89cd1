CREATE TABLE `order_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`position` integer NOT NULL,
	`product_code` text NOT NULL,
	`product_name` text NOT NULL,
	`listing_id` integer,
	`week` text,
	`amount_cents` integer,
	`categories` text,
	`options` text,
	`price_cents` integer NOT NULL,
	`fulfilled` integer DEFAULT false NOT NULL,
	`fulfilled_at` text,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_lines_order_position` ON `order_lines` (`order_id`,`position`);--> statement-breakpoint
CREATE INDEX `order_lines_listing` ON `order_lines` (`listing_id`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`user_id` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`subtotal_cents` integer NOT NULL,
	`vat_rate_bp` integer DEFAULT 0 NOT NULL,
	`vat_cents` integer DEFAULT 0 NOT NULL,
	`total_cents` integer NOT NULL,
	`reverse_charge` integer DEFAULT false NOT NULL,
	`vat_rule` text DEFAULT 'not_determined' NOT NULL,
	`vat_country` text,
	`billing_country` text,
	`vat_number` text,
	`billing_name` text,
	`billing_address` text,
	`checkout_token` text NOT NULL,
	`payment_provider` text,
	`payment_method` text,
	`payment_reference` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`paid_at` text,
	`fulfilled_at` text,
	`cancelled_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_number_unique` ON `orders` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_checkout_token_unique` ON `orders` (`checkout_token`);--> statement-breakpoint
CREATE INDEX `orders_user_created` ON `orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_status_expires` ON `orders` (`status`,`expires_at`);--> statement-breakpoint
CREATE TABLE `payment_events` (
	`provider` text NOT NULL,
	`event_id` text NOT NULL,
	`type` text NOT NULL,
	`order_number` text,
	`received_at` text NOT NULL,
	PRIMARY KEY(`provider`, `event_id`)
);
--> statement-breakpoint
CREATE TABLE `service_tasks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_line_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`listing_id` integer,
	`product_code` text NOT NULL,
	`brief` text,
	`status` text DEFAULT 'open' NOT NULL,
	`note` text,
	`created_at` text NOT NULL,
	`completed_at` text,
	FOREIGN KEY (`order_line_id`) REFERENCES `order_lines`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `service_tasks_order_line_id_unique` ON `service_tasks` (`order_line_id`);--> statement-breakpoint
CREATE INDEX `service_tasks_status` ON `service_tasks` (`status`,`created_at`);