-- The payments module publishes what the back office shows of an order's payment, so that the orders module reads
-- it without depending on payments: the attempt that reached the provider (the succeeded one first, else the
-- newest), and the refunds.
CREATE VIEW order_payments AS
  SELECT DISTINCT ON (order_id) order_id, provider, intent_id, status, amount_cents
  FROM payments
  WHERE intent_id IS NOT NULL
  ORDER BY order_id, (status = 'succeeded') DESC, created_at DESC;
--> statement-breakpoint
CREATE VIEW order_refunds AS
  SELECT order_id, id, amount_cents, line_ids, reason, status, created_at
  FROM refunds;
