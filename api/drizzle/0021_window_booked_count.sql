-- Each window counts its bookings on its own row, so booking is one conditional update. Windows booked before this
-- migration carry their count over: a row for every window that has a booking (created on first use until now), and
-- its BOOKED holds counted.
ALTER TABLE "delivery_window_slots" ADD COLUMN "booked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_window_slots" ADD CONSTRAINT "delivery_window_slots_booked_check" CHECK ("delivery_window_slots"."booked" >= 0);--> statement-breakpoint
INSERT INTO "delivery_window_slots" ("store_id", "starts_at")
SELECT DISTINCT "store_id", "starts_at" FROM "delivery_holds" WHERE "status" = 'BOOKED'
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "delivery_window_slots" s SET "booked" = b."n"
FROM (SELECT "store_id", "starts_at", count(*)::int AS "n" FROM "delivery_holds" WHERE "status" = 'BOOKED' GROUP BY "store_id", "starts_at") b
WHERE s."store_id" = b."store_id" AND s."starts_at" = b."starts_at";
