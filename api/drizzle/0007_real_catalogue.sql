-- Products gain their shelf identity (brand, item, size) and what the unit price needs. Rows of an
-- older catalogue get placeholders ('legacy:<uuid>' keys, size 1 ct); the API rebuilds that catalogue
-- at start from the deterministic seed, carrying favourites over (seed/seedCatalogue.ts).
ALTER TABLE "products" ADD COLUMN "brand" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "item" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "item_key" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "size_milli" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "size_unit" text DEFAULT 'ct' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "unit_price_unit" text DEFAULT 'ct' NOT NULL;--> statement-breakpoint
UPDATE "products" SET "item_key" = 'legacy:' || "uuid"::text, "item" = "name";--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "item_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "brand" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "item" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "size_milli" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "size_unit" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "unit_price_unit" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_size_milli_check" CHECK ("products"."size_milli" > 0);--> statement-breakpoint
CREATE UNIQUE INDEX "products_store_item_key_uq" ON "products" USING btree ("store_id","item_key");--> statement-breakpoint
CREATE INDEX "products_item_key_price_idx" ON "products" USING btree ("item_key","is_active","price_cents","id");--> statement-breakpoint
-- Order lines keep the picture, size and unit price they were sold with (orders copy what they show).
ALTER TABLE "order_lines" ADD COLUMN "image" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "size_label" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "unit_price_label" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "store_public_id" text;
