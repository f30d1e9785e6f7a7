CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" varchar(16) NOT NULL,
	"actor_user_id" uuid,
	"kind" varchar(32) NOT NULL,
	"amount_minor" integer,
	"currency" varchar(3),
	"note" text,
	"internal" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"reason" varchar(32) NOT NULL,
	"request_key" varchar(300) NOT NULL,
	"provider_refund_id" varchar(255),
	"requested_by_user_id" uuid,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_request_key_unique" UNIQUE("request_key"),
	CONSTRAINT "order_refunds_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "order_refunds_amount_positive" CHECK ("order_refunds"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_events" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_key" varchar(64);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_payment_id" varchar(255);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" varchar(32);--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_at_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_refunds_pending_idx" ON "order_refunds" USING btree ("order_id") WHERE "order_refunds"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_pending_user_idx" ON "orders" USING btree ("user_id") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_pending_client_idx" ON "orders" USING btree ("client_key") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_provider_payment_idx" ON "orders" USING btree ("provider_payment_id") WHERE "orders"."provider_payment_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunds_within_payment" CHECK ("orders"."refunded_minor" >= 0 and "orders"."refunded_minor" <= "orders"."paid_minor");--> statement-breakpoint
-- Hand-written: orders paid before this migration were paid their total, and their timeline starts with what is known of them.
UPDATE "orders" SET "paid_minor" = "total_minor" WHERE "status" IN ('paid', 'refunded');--> statement-breakpoint
INSERT INTO "order_events" ("id", "order_id", "at", "actor", "actor_user_id", "kind", "amount_minor", "currency")
  SELECT gen_random_uuid(), "id", "created_at", 'buyer', "user_id", 'placed', "total_minor", "currency" FROM "orders";--> statement-breakpoint
INSERT INTO "order_events" ("id", "order_id", "at", "actor", "kind", "amount_minor", "currency")
  SELECT gen_random_uuid(), "id", "paid_at", 'provider', 'paid', "total_minor", "currency" FROM "orders" WHERE "paid_at" IS NOT NULL;
