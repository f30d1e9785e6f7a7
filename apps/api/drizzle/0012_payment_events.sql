CREATE TABLE "payment_events" (
	"event_id" varchar(255) PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"order_id" uuid NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
