CREATE TABLE "dev_paypal_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"capture_id" text,
	"order" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dev_paypal_orders_capture_id_unique" UNIQUE("capture_id")
);
--> statement-breakpoint
CREATE TABLE "dev_paypal_requests" (
	"key" text PRIMARY KEY NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reconcile_claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "dev_paypal_orders_created_idx" ON "dev_paypal_orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "dev_paypal_requests_created_idx" ON "dev_paypal_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_pending_payment_idx" ON "orders" USING btree ("created_at") WHERE "orders"."payment_status" = 'PENDING';