-- Stores get a contact e-mail for their new-order mails; existing stores get the placeholder the seed uses.
ALTER TABLE "stores" ADD COLUMN "contact_email" text;--> statement-breakpoint
UPDATE "stores" SET "contact_email" = 'orders+' || "public_id" || '@grocer.test' WHERE "contact_email" IS NULL;--> statement-breakpoint
ALTER TABLE "stores" ALTER COLUMN "contact_email" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "deliver_to" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "last_error" text;--> statement-breakpoint
-- Existing rows: confirmation mails were sent when their row was stored, dashboard rows were delivered
-- by being stored; store rows were never mailed and stay pending (the next /notifications/stores call for the order mails them).
UPDATE "notifications" SET "deliver_to" = o."customer_email", "delivered_at" = "notifications"."created_at", "attempts" = 1
  FROM "orders" o WHERE o."id" = "notifications"."order_id" AND "notifications"."type" = 'order_created';--> statement-breakpoint
UPDATE "notifications" SET "delivered_at" = "created_at" WHERE "type" = 'new_order';--> statement-breakpoint
UPDATE "notifications" SET "deliver_to" = s."contact_email"
  FROM "stores" s WHERE "notifications"."type" = 'new_order_items' AND "notifications"."recipient" = 'store:' || s."uuid"::text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_due_cents" integer;--> statement-breakpoint
CREATE INDEX "notifications_type_id_idx" ON "notifications" USING btree ("type","id" DESC NULLS LAST);
