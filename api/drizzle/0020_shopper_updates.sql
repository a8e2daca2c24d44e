-- Shopper updates (a store part out for delivery, delivered or cancelled; a line replaced or unavailable) are one row per event: 'about' names the part ('store:{uuid}') or line ('line:{id}'); '' for the order itself, as every row before.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_order_type_recipient_uq";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "about" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_order_type_recipient_about_uq" UNIQUE("order_id","type","recipient","about");