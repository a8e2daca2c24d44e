-- Each window keeps its live holds on its own row, so a hold is one conditional update of that row. Holds live when
-- this migration runs carry over: a row for each window held (holds made them, but a missing one is made), and its
-- holders are its live HELD holds, each with its expiry in epoch milliseconds. Expired holds count no more already.
ALTER TABLE "delivery_window_slots" ADD COLUMN "holders" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
INSERT INTO "delivery_window_slots" ("store_id", "starts_at")
SELECT DISTINCT "store_id", "starts_at" FROM "delivery_holds" WHERE "status" = 'HELD' AND "expires_at" > now()
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "delivery_window_slots" s SET "holders" = h."holders"
FROM (
  SELECT "store_id", "starts_at",
    jsonb_object_agg("user_uuid"::text, floor(extract(epoch FROM "expires_at") * 1000)::bigint) AS "holders"
  FROM "delivery_holds" WHERE "status" = 'HELD' AND "expires_at" > now() GROUP BY "store_id", "starts_at"
) h
WHERE s."store_id" = h."store_id" AND s."starts_at" = h."starts_at";
