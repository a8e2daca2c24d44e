-- Each store part keeps its own delivery fee, so a part that delivers nothing gives that fee back.
-- Parts written before this did not record it: the order's delivery fee is split evenly between its
-- parts, the odd cents to the first by store uuid (their per-store quotes were never stored).
ALTER TABLE "order_store_parts" ADD COLUMN "delivery_fee_cents" integer;--> statement-breakpoint
UPDATE "order_store_parts" AS p
SET "delivery_fee_cents" = s.fee
FROM (
	SELECT sp."order_id", sp."store_uuid",
		o."delivery_fee_cents" / count(*) OVER w
			+ CASE WHEN row_number() OVER (w ORDER BY sp."store_uuid") <= o."delivery_fee_cents" % count(*) OVER w THEN 1 ELSE 0 END AS fee
	FROM "order_store_parts" sp
	JOIN "orders" o ON o."id" = sp."order_id"
	WINDOW w AS (PARTITION BY sp."order_id")
) AS s
WHERE p."order_id" = s."order_id" AND p."store_uuid" = s."store_uuid";--> statement-breakpoint
ALTER TABLE "order_store_parts" ALTER COLUMN "delivery_fee_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_store_parts" ADD CONSTRAINT "order_store_parts_delivery_fee_cents_check" CHECK ("order_store_parts"."delivery_fee_cents" >= 0);
