-- Opening rows of the stock ledger for every level it does not explain (seeded stock and stock from
-- before the ledger): the same statement as src/modules/catalog/stock-opening.ts.
insert into stock_ledger (id, at, product_id, size_id, label, delta, resulting_stock, reason, note)
select gen_random_uuid(), o.at, o.product_id, o.size_id, o.label, o.opening, o.opening, 'initial', 'Opening stock'
from (
  select p.id as product_id, null::uuid as size_id, 'Stock' as label,
         p.stock - coalesce((select sum(l.delta) from stock_ledger l where l.product_id = p.id and l.size_id is null), 0) as opening,
         coalesce((select min(l.at) from stock_ledger l where l.product_id = p.id and l.size_id is null) - interval '1 millisecond', p.created_at) as at
  from products p
  where not exists (select 1 from product_colors c where c.product_id = p.id)
  union all
  select c.product_id, s.id, left(c.name || ' / ' || s.name, 100),
         s.stock - coalesce((select sum(l.delta) from stock_ledger l where l.size_id = s.id), 0),
         coalesce((select min(l.at) from stock_ledger l where l.size_id = s.id) - interval '1 millisecond', p.created_at)
  from product_sizes s join product_colors c on c.id = s.color_id join products p on p.id = c.product_id
) o
where o.opening <> 0;

--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "newsletter_issue_id" uuid;--> statement-breakpoint
CREATE INDEX "outbox_emails_newsletter_idx" ON "outbox_emails" USING btree ("newsletter_issue_id","status") WHERE "outbox_emails"."newsletter_issue_id" is not null;
