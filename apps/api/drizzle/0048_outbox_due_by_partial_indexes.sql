-- Issue 28: the mail worker's sweep read every mail ever sent. Its look-up of due mail went
-- through the index (status, next_attempt_at) by a bitmap scan, and every row version a sweep had
-- marked sent stayed in that index as a 'pending' entry until a VACUUM: after 3,000 mails, a sweep
-- finding one due mail visited 3,001 entries and 75 heap pages (one buyer looping: 633 µs and 306
-- pages a sweep, on top of a second UPDATE that stored the rendered bodies).
--
-- Now only mail not yet sent is indexed for the worker (two partial indexes), and outbox_due
-- reads them by plain index scans, oldest due first. A plain scan marks an entry whose row is
-- dead to everyone as such, so the next sweep skips it, and a full index page drops such entries
-- before it splits: the look-up stays the size of what is due, with or without autovacuum.
-- No locks are taken here: each caller's UPDATE repeats the due condition, so when two workers
-- read the same mail, one marks it and the other's update finds it no longer due.
DROP INDEX "outbox_emails_due_idx";--> statement-breakpoint
CREATE INDEX "outbox_emails_pending_due_idx" ON "outbox_emails" USING btree ("next_attempt_at") WHERE "outbox_emails"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_emails_sending_idx" ON "outbox_emails" USING btree ("locked_until") WHERE "outbox_emails"."status" = 'sending';--> statement-breakpoint
-- Up to p_limit pending mails due by p_at (the database's clock when null), and up to p_limit
-- mails left 'sending' by a worker that died (lock expired), each oldest first.
CREATE OR REPLACE FUNCTION outbox_due(p_limit integer, p_at timestamptz)
 RETURNS SETOF uuid
 LANGUAGE plpgsql
 STABLE
 -- Plain index scans (see above); a bitmap scan cannot mark dead entries.
 SET enable_bitmapscan TO 'off'
 SET enable_seqscan TO 'off'
AS $function$
BEGIN
  RETURN QUERY
    (SELECT o.id FROM outbox_emails o WHERE o.status = 'pending' AND o.next_attempt_at <= coalesce(p_at, now()) ORDER BY o.next_attempt_at LIMIT p_limit)
    UNION ALL
    (SELECT o.id FROM outbox_emails o WHERE o.status = 'sending' AND o.locked_until < now() ORDER BY o.locked_until LIMIT p_limit);
END
$function$;
