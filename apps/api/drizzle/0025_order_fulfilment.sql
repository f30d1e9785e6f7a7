CREATE TABLE "order_fulfilment_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"fulfilment_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_fulfilment_lines_quantity_positive" CHECK ("order_fulfilment_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_fulfilments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"status" varchar(16) DEFAULT 'shipped' NOT NULL,
	"carrier" varchar(60) NOT NULL,
	"tracking_number" varchar(100) NOT NULL,
	"tracking_url" text,
	"shipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_by_user_id" uuid,
	CONSTRAINT "order_fulfilments_status" CHECK ("order_fulfilments"."status" in ('shipped', 'delivered'))
);
--> statement-breakpoint
CREATE TABLE "order_line_returns" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"return_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"note" varchar(300),
	"returned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" uuid,
	CONSTRAINT "order_line_returns_quantity_positive" CHECK ("order_line_returns"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_fulfilment_lines" ADD CONSTRAINT "order_fulfilment_lines_fulfilment_id_order_fulfilments_id_fk" FOREIGN KEY ("fulfilment_id") REFERENCES "public"."order_fulfilments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_fulfilment_lines" ADD CONSTRAINT "order_fulfilment_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_fulfilments" ADD CONSTRAINT "order_fulfilments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_fulfilments" ADD CONSTRAINT "order_fulfilments_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_returns" ADD CONSTRAINT "order_line_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_returns" ADD CONSTRAINT "order_line_returns_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_returns" ADD CONSTRAINT "order_line_returns_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_fulfilment_lines_fulfilment_idx" ON "order_fulfilment_lines" USING btree ("fulfilment_id");--> statement-breakpoint
CREATE INDEX "order_fulfilment_lines_item_idx" ON "order_fulfilment_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "order_fulfilments_order_idx" ON "order_fulfilments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_line_returns_order_idx" ON "order_line_returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_line_returns_item_idx" ON "order_line_returns" USING btree ("order_item_id");