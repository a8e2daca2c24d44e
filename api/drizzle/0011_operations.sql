-- The store side (issue 17): staff belong to a store, order parts per store, line fulfilment, price audit, order events.
CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_store_parts" (
	"order_id" uuid NOT NULL,
	"store_uuid" uuid NOT NULL,
	"status" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_store_parts_order_id_store_uuid_pk" PRIMARY KEY("order_id","store_uuid")
);
--> statement-breakpoint
CREATE TABLE "price_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"old_price_cents" integer NOT NULL,
	"new_price_cents" integer NOT NULL,
	"changed_by" uuid,
	"changed_by_email" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_changes_new_price_check" CHECK ("price_changes"."new_price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "store_id" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "fulfilment_state" text DEFAULT 'PENDING' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "replacement_product_uuid" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "replacement_name" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "replacement_image" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "replacement_size_label" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "replacement_unit_price_cents" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "marked_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "original_total_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_store_parts" ADD CONSTRAINT "order_store_parts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_store_parts" ADD CONSTRAINT "order_store_parts_updated_by_users_uuid_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_changed_by_users_uuid_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "price_changes_product_idx" ON "price_changes" USING btree ("product_id","id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_marked_by_users_uuid_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_store_order_idx" ON "order_lines" USING btree ("store_uuid","order_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_store_check" CHECK ("users"."role" <> 'STORE_STAFF' OR "users"."store_id" IS NOT NULL);--> statement-breakpoint
-- Orders paid before this migration get their stores' parts, at the order's status.
INSERT INTO "order_store_parts" ("order_id", "store_uuid", "status")
SELECT DISTINCT l."order_id", l."store_uuid", CASE WHEN o."status" IN ('PENDING', 'PROCESSING') THEN 'CONFIRMED' ELSE o."status" END
FROM "order_lines" l JOIN "orders" o ON o."id" = l."order_id"
WHERE o."payment_status" = 'PAID'
ON CONFLICT DO NOTHING;
