-- Substitution preferences: the 'If out of stock' choice per order line (read by the pick list) and remembered per shopper and product.
CREATE TABLE "substitution_preferences" (
	"user_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"choice" text NOT NULL,
	"substitute_product_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "substitution_preferences_user_id_product_id_pk" PRIMARY KEY("user_id","product_id"),
	CONSTRAINT "substitution_preferences_choice_check" CHECK ("substitution_preferences"."choice" IN ('BEST_MATCH', 'SPECIFIC', 'NONE')),
	CONSTRAINT "substitution_preferences_specific_check" CHECK (("substitution_preferences"."choice" = 'SPECIFIC') = ("substitution_preferences"."substitute_product_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "substitution" text DEFAULT 'BEST_MATCH' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "substitute_product_id" integer;--> statement-breakpoint
ALTER TABLE "substitution_preferences" ADD CONSTRAINT "substitution_preferences_user_id_users_uuid_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitution_preferences" ADD CONSTRAINT "substitution_preferences_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitution_preferences" ADD CONSTRAINT "substitution_preferences_substitute_product_id_products_id_fk" FOREIGN KEY ("substitute_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_substitution_check" CHECK ("order_lines"."substitution" IN ('BEST_MATCH', 'SPECIFIC', 'NONE'));
