-- Shopper updates (a store part out for delivery, delivered or cancelled; a line replaced or unavailable) are one row per event: 'about' names the part ('store:{uuid}') or line ('line:{id}'); '' for the order itself, as every row before.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_order_type_recipient_uq";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "about" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_order_type_recipient_about_uq" UNIQUE("order_id","type","recipient","about");--> statement-breakpoint
-- What paid orders' parts and lines had already done before this migration was told by no mail then, and must not be
-- mailed at their next event now (a "delivered" mail weeks late): each is recorded as handled, with nothing sent
-- (attempts 0, payload.backfilled).
INSERT INTO "notifications" ("order_id", "type", "recipient", "about", "payload", "deliver_to", "delivered_at", "attempts")
SELECT p."order_id", t."type", 'customer:' || o."user_uuid", 'store:' || p."store_uuid",
  jsonb_build_object('type', t."type", 'orderId', p."order_id", 'storeUuid', p."store_uuid", 'backfilled', true), o."customer_email", now(), 0
FROM "order_store_parts" p
JOIN "orders" o ON o."id" = p."order_id"
JOIN (VALUES ('OUT_FOR_DELIVERY', 'part_out_for_delivery'), ('DELIVERED', 'part_delivered'), ('CANCELLED', 'part_cancelled')) AS t("status", "type")
  ON t."status" = p."status"
WHERE o."payment_status" = 'PAID'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "notifications" ("order_id", "type", "recipient", "about", "payload", "deliver_to", "delivered_at", "attempts")
SELECT l."order_id", t."type", 'customer:' || o."user_uuid", 'line:' || l."id",
  jsonb_build_object('type', t."type", 'orderId', l."order_id", 'storeUuid', l."store_uuid", 'backfilled', true), o."customer_email", now(), 0
FROM "order_lines" l
JOIN "orders" o ON o."id" = l."order_id"
JOIN (VALUES ('REPLACED', 'line_replaced'), ('UNAVAILABLE', 'line_unavailable')) AS t("state", "type")
  ON t."state" = l."fulfilment_state"
WHERE o."payment_status" = 'PAID'
ON CONFLICT DO NOTHING;
