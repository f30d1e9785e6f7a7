CREATE TABLE "user_chains" (
	"id" uuid PRIMARY KEY NOT NULL,
	"parent_user_id" uuid NOT NULL,
	"child_user_id" uuid NOT NULL,
	"requested_by_user_id" uuid NOT NULL,
	"relationship" varchar(16) NOT NULL,
	"acceptance_status" varchar(16) DEFAULT 'pending' NOT NULL,
	"kind" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	CONSTRAINT "user_chains_not_self" CHECK ("user_chains"."parent_user_id" <> "user_chains"."child_user_id"),
	CONSTRAINT "user_chains_requester_is_party" CHECK ("user_chains"."requested_by_user_id" in ("user_chains"."parent_user_id", "user_chains"."child_user_id")),
	CONSTRAINT "user_chains_status_known" CHECK ("user_chains"."acceptance_status" in ('pending', 'accepted', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "referral_earnings" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "user_chains" ADD CONSTRAINT "user_chains_parent_user_id_users_id_fk" FOREIGN KEY ("parent_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_chains" ADD CONSTRAINT "user_chains_child_user_id_users_id_fk" FOREIGN KEY ("child_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_chains" ADD CONSTRAINT "user_chains_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_chains_pair_relationship_unique" ON "user_chains" USING btree (least("parent_user_id", "child_user_id"),greatest("parent_user_id", "child_user_id"),"relationship");--> statement-breakpoint
CREATE INDEX "user_chains_parent_idx" ON "user_chains" USING btree ("parent_user_id","acceptance_status");--> statement-breakpoint
CREATE INDEX "user_chains_child_idx" ON "user_chains" USING btree ("child_user_id","acceptance_status");--> statement-breakpoint
ALTER TABLE "referral_earnings" ADD CONSTRAINT "referral_earnings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_earnings_order_unique" ON "referral_earnings" USING btree ("order_id");