CREATE TABLE "delivery_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" integer NOT NULL,
	"user_uuid" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'HELD' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_holds_status_check" CHECK ("delivery_holds"."status" in ('HELD', 'BOOKED', 'RELEASED')),
	CONSTRAINT "delivery_holds_window_check" CHECK ("delivery_holds"."starts_at" < "delivery_holds"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "delivery_window_slots" (
	"store_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	CONSTRAINT "delivery_window_slots_store_id_starts_at_pk" PRIMARY KEY("store_id","starts_at")
);
--> statement-breakpoint
CREATE TABLE "store_hours" (
	"store_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"opens_minute" smallint NOT NULL,
	"closes_minute" smallint NOT NULL,
	CONSTRAINT "store_hours_store_id_weekday_pk" PRIMARY KEY("store_id","weekday"),
	CONSTRAINT "store_hours_weekday_check" CHECK ("store_hours"."weekday" between 0 and 6),
	CONSTRAINT "store_hours_minutes_check" CHECK ("store_hours"."opens_minute" >= 0 and "store_hours"."opens_minute" < "store_hours"."closes_minute" and "store_hours"."closes_minute" <= 1440)
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "time_zone" text DEFAULT 'America/Chicago' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "min_order_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "delivery_radius_miles" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "window_capacity" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_holds" ADD CONSTRAINT "delivery_holds_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_holds" ADD CONSTRAINT "delivery_holds_user_uuid_users_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_holds" ADD CONSTRAINT "delivery_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_window_slots" ADD CONSTRAINT "delivery_window_slots_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_hours" ADD CONSTRAINT "store_hours_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_holds_window_idx" ON "delivery_holds" USING btree ("store_id","starts_at","status");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_holds_user_store_held_uq" ON "delivery_holds" USING btree ("user_uuid","store_id") WHERE "delivery_holds"."status" = 'HELD';--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_holds_order_store_uq" ON "delivery_holds" USING btree ("order_id","store_id") WHERE "delivery_holds"."order_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_min_order_cents_check" CHECK ("stores"."min_order_cents" >= 0);--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_delivery_radius_miles_check" CHECK ("stores"."delivery_radius_miles" > 0);--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_window_capacity_check" CHECK ("stores"."window_capacity" >= 0);--> statement-breakpoint
-- Existing databases get the demo stores' rules too (a fresh one gets them from the seed, which runs after migrations).
UPDATE "stores" SET "min_order_cents" = r.min_order_cents, "delivery_radius_miles" = r.delivery_radius_miles
FROM (VALUES
  ('lincoln-park-market', 1000, 10),
  ('wicker-park-grocers', 1500, 10),
  ('hyde-park-pantry', 2000, 12),
  ('lakeview-fresh', 2500, 10),
  ('loop-provisions', 1000, 8),
  ('logan-square-larder', 1500, 10),
  ('pilsen-mercado', 1200, 9),
  ('andersonville-co-op', 3500, 8),
  ('evanston-harvest', 2000, 15),
  ('oak-park-grocery', 3000, 12)
) AS r(public_id, min_order_cents, delivery_radius_miles)
WHERE "stores"."public_id" = r.public_id;--> statement-breakpoint
INSERT INTO "store_hours" ("store_id", "weekday", "opens_minute", "closes_minute")
SELECT s.id, h.weekday, h.opens_minute, h.closes_minute
FROM (VALUES
  ('lincoln-park-market', 0, 420, 1320),
  ('lincoln-park-market', 1, 420, 1320),
  ('lincoln-park-market', 2, 420, 1320),
  ('lincoln-park-market', 3, 420, 1320),
  ('lincoln-park-market', 4, 420, 1320),
  ('lincoln-park-market', 5, 420, 1320),
  ('lincoln-park-market', 6, 420, 1320),
  ('wicker-park-grocers', 0, 480, 1320),
  ('wicker-park-grocers', 1, 480, 1320),
  ('wicker-park-grocers', 2, 480, 1320),
  ('wicker-park-grocers', 3, 480, 1320),
  ('wicker-park-grocers', 4, 480, 1320),
  ('wicker-park-grocers', 5, 480, 1320),
  ('wicker-park-grocers', 6, 480, 1320),
  ('hyde-park-pantry', 0, 420, 1260),
  ('hyde-park-pantry', 1, 420, 1260),
  ('hyde-park-pantry', 2, 420, 1260),
  ('hyde-park-pantry', 3, 420, 1260),
  ('hyde-park-pantry', 4, 420, 1260),
  ('hyde-park-pantry', 5, 420, 1260),
  ('hyde-park-pantry', 6, 420, 1260),
  ('lakeview-fresh', 0, 420, 1320),
  ('lakeview-fresh', 1, 420, 1320),
  ('lakeview-fresh', 2, 420, 1320),
  ('lakeview-fresh', 3, 420, 1320),
  ('lakeview-fresh', 4, 420, 1320),
  ('lakeview-fresh', 5, 420, 1320),
  ('lakeview-fresh', 6, 420, 1320),
  ('loop-provisions', 0, 420, 1380),
  ('loop-provisions', 1, 420, 1380),
  ('loop-provisions', 2, 420, 1380),
  ('loop-provisions', 3, 420, 1380),
  ('loop-provisions', 4, 420, 1380),
  ('loop-provisions', 5, 420, 1380),
  ('loop-provisions', 6, 420, 1380),
  ('logan-square-larder', 0, 540, 1080),
  ('logan-square-larder', 1, 480, 1260),
  ('logan-square-larder', 2, 480, 1260),
  ('logan-square-larder', 3, 480, 1260),
  ('logan-square-larder', 4, 480, 1260),
  ('logan-square-larder', 5, 480, 1260),
  ('logan-square-larder', 6, 480, 1260),
  ('pilsen-mercado', 1, 420, 1260),
  ('pilsen-mercado', 2, 420, 1260),
  ('pilsen-mercado', 3, 420, 1260),
  ('pilsen-mercado', 4, 420, 1260),
  ('pilsen-mercado', 5, 420, 1260),
  ('pilsen-mercado', 6, 420, 1260),
  ('andersonville-co-op', 0, 540, 1200),
  ('andersonville-co-op', 1, 540, 1200),
  ('andersonville-co-op', 2, 540, 1200),
  ('andersonville-co-op', 3, 540, 1200),
  ('andersonville-co-op', 4, 540, 1200),
  ('andersonville-co-op', 5, 540, 1200),
  ('andersonville-co-op', 6, 540, 1200),
  ('evanston-harvest', 0, 420, 1320),
  ('evanston-harvest', 1, 420, 1320),
  ('evanston-harvest', 2, 420, 1320),
  ('evanston-harvest', 3, 420, 1320),
  ('evanston-harvest', 4, 420, 1320),
  ('evanston-harvest', 5, 420, 1320),
  ('evanston-harvest', 6, 420, 1320),
  ('oak-park-grocery', 0, 480, 1260),
  ('oak-park-grocery', 1, 480, 1260),
  ('oak-park-grocery', 2, 480, 1260),
  ('oak-park-grocery', 3, 480, 1260),
  ('oak-park-grocery', 4, 480, 1260),
  ('oak-park-grocery', 5, 480, 1260),
  ('oak-park-grocery', 6, 480, 1260)
) AS h(public_id, weekday, opens_minute, closes_minute)
JOIN "stores" s ON s.public_id = h.public_id
ON CONFLICT DO NOTHING;
