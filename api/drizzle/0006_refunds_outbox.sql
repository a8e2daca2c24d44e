-- Refunds sent to PayPal: one row per refund request, keyed by the PayPal-Request-Id it is sent with.
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"paypal_capture_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"request_id" text NOT NULL,
	"status" text DEFAULT 'REQUESTED' NOT NULL,
	"paypal_refund_id" text,
	"paypal_status" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"claimed_at" timestamp with time zone,
	"last_error" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_request_id_unique" UNIQUE("request_id"),
	CONSTRAINT "refunds_amount_cents_check" CHECK ("refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_due_idx" ON "refunds" USING btree ("next_attempt_at") WHERE "refunds"."status" <> 'COMPLETED';--> statement-breakpoint
-- The notifications table is the outbox: a failed mail waits until next_attempt_at (backoff).
ALTER TABLE "notifications" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_due_idx" ON "notifications" USING btree ("next_attempt_at") WHERE "notifications"."delivered_at" IS NULL;--> statement-breakpoint
-- Orders cancelled before this migration with money still captured (an amount mismatch, or a paid
-- order an admin cancelled) get their refund requested now; the API's worker sends it.
UPDATE "orders" SET "refund_status" = 'DUE', "refund_due_cents" = "paypal_captured_cents"
  WHERE "status" = 'CANCELLED' AND "paypal_capture_status" = 'COMPLETED' AND "paypal_capture_id" IS NOT NULL AND "refund_status" IS NULL;--> statement-breakpoint
INSERT INTO "refunds" ("order_id", "paypal_capture_id", "amount_cents", "currency", "reason", "request_id")
  SELECT "id", "paypal_capture_id", "paypal_captured_cents", "paypal_captured_currency", 'cancelled before refunds were automatic', 'refund-' || "id" || ':cancelled'
  FROM "orders"
  WHERE "status" = 'CANCELLED' AND "paypal_capture_status" = 'COMPLETED' AND "paypal_capture_id" IS NOT NULL AND "paypal_captured_cents" > 0;
