-- What the authors' e-mails and statistics read of other modules, published by the modules that own it, so that the
-- author-news module reads it without depending on their tables. The catalogue publishes its products' authors,
-- titles and kinds; the royalties ledger publishes each paid line of an author's product (its accrual: the copies,
-- the royalty, when it was paid) and whether it was refunded or withdrawn since (a reversal of it exists).
CREATE VIEW author_products AS
  SELECT id, author_id, title, kind
  FROM products;
--> statement-breakpoint
CREATE VIEW author_sales AS
  SELECT e.id, e.author_id, e.product_id, e.order_line_id, e.title, e.format, e.quantity, e.royalty_cents,
    e.created_at AS paid_at,
    EXISTS (SELECT 1 FROM royalty_entries r WHERE r.reverses_id = e.id) AS refunded
  FROM royalty_entries e
  WHERE e.kind = 'accrual';
