CREATE TABLE "report_delivery" (
	"store_id" integer NOT NULL,
	"grain" text NOT NULL,
	"day" date NOT NULL,
	"minutes" integer NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "report_delivery_store_id_grain_day_minutes_pk" PRIMARY KEY("store_id","grain","day","minutes"),
	CONSTRAINT "report_delivery_grain" CHECK ("report_delivery"."grain" in ('D', 'W', 'M'))
);
--> statement-breakpoint
CREATE TABLE "report_items" (
	"store_id" integer NOT NULL,
	"grain" text NOT NULL,
	"day" date NOT NULL,
	"product_code" text NOT NULL,
	"quantity" integer NOT NULL,
	"net_paise" integer NOT NULL,
	CONSTRAINT "report_items_store_id_grain_day_product_code_pk" PRIMARY KEY("store_id","grain","day","product_code"),
	CONSTRAINT "report_items_grain" CHECK ("report_items"."grain" in ('D', 'W', 'M'))
);
--> statement-breakpoint
CREATE TABLE "report_mix" (
	"store_id" integer NOT NULL,
	"grain" text NOT NULL,
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"orders" integer NOT NULL,
	"net_paise" integer NOT NULL,
	CONSTRAINT "report_mix_store_id_grain_day_dimension_key_pk" PRIMARY KEY("store_id","grain","day","dimension","key"),
	CONSTRAINT "report_mix_grain" CHECK ("report_mix"."grain" in ('D', 'W', 'M')),
	CONSTRAINT "report_mix_dimension" CHECK ("report_mix"."dimension" in ('type', 'method'))
);
--> statement-breakpoint
CREATE TABLE "report_offers" (
	"store_id" integer NOT NULL,
	"grain" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"orders" integer NOT NULL,
	"discount_paise" integer NOT NULL,
	"net_paise" integer NOT NULL,
	CONSTRAINT "report_offers_store_id_grain_day_kind_code_pk" PRIMARY KEY("store_id","grain","day","kind","code"),
	CONSTRAINT "report_offers_grain" CHECK ("report_offers"."grain" in ('D', 'W', 'M'))
);
--> statement-breakpoint
CREATE TABLE "report_orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"day" date NOT NULL,
	"delivery_type" text NOT NULL,
	"method" text NOT NULL,
	"state" text NOT NULL,
	"gross_paise" integer NOT NULL,
	"discount_paise" integer NOT NULL,
	"gst_paise" integer NOT NULL,
	"charges_paise" integer NOT NULL,
	"tip_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	"promo_kind" text,
	"promo_code" text,
	"delivery_minutes" integer,
	"guarantee_paise" integer NOT NULL,
	"points_earned" integer NOT NULL,
	"points_redeemed" integer NOT NULL,
	CONSTRAINT "report_orders_state" CHECK ("report_orders"."state" in ('placed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "report_sales" (
	"store_id" integer NOT NULL,
	"grain" text NOT NULL,
	"day" date NOT NULL,
	"orders" integer NOT NULL,
	"cancelled" integer NOT NULL,
	"cancelled_paise" integer NOT NULL,
	"gross_paise" integer NOT NULL,
	"discount_paise" integer NOT NULL,
	"gst_paise" integer NOT NULL,
	"charges_paise" integer NOT NULL,
	"tip_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	"guarantees" integer NOT NULL,
	"guarantee_paise" integer NOT NULL,
	"points_earned" integer NOT NULL,
	"points_redeemed" integer NOT NULL,
	CONSTRAINT "report_sales_store_id_grain_day_pk" PRIMARY KEY("store_id","grain","day"),
	CONSTRAINT "report_sales_grain" CHECK ("report_sales"."grain" in ('D', 'W', 'M'))
);
--> statement-breakpoint
ALTER TABLE "report_orders" ADD CONSTRAINT "report_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_delivery_grain_day_idx" ON "report_delivery" USING btree ("grain","day");--> statement-breakpoint
CREATE INDEX "report_items_grain_day_idx" ON "report_items" USING btree ("grain","day");--> statement-breakpoint
CREATE INDEX "report_mix_grain_day_idx" ON "report_mix" USING btree ("grain","day");--> statement-breakpoint
CREATE INDEX "report_offers_grain_day_idx" ON "report_offers" USING btree ("grain","day");--> statement-breakpoint
CREATE INDEX "report_sales_grain_day_idx" ON "report_sales" USING btree ("grain","day");--> statement-breakpoint
-- the orders placed before the reports existed: their facts and rollups, as modules/reports/repo.ts rebuild() makes
-- them (the days folded as order events fold them, the weeks and months summed from the days)
insert into report_orders (order_id, store_id, day, delivery_type, method, state, gross_paise, discount_paise, gst_paise, charges_paise, tip_paise, total_paise, promo_kind, promo_code, delivery_minutes, guarantee_paise, points_earned, points_redeemed)
  select o.id as order_id, o.store_id, ((o.placed_at at time zone 'UTC') + interval '330 minutes')::date as day, o.delivery_type,
    coalesce(o.primary_payment_id, case when o.wallet_paise > 0 then 'PIGGYBANK' else 'NONE' end) as method,
    case when o.status = 'placed' then 'placed' else 'cancelled' end as state,
    c.gross as gross_paise, c.gross - c.net as discount_paise, c.gst as gst_paise,
    o.total_paise - c.net - c.gst - c.tip as charges_paise, c.tip as tip_paise, o.total_paise,
    o.snapshot #>> '{cart,appliedPromo,kind}' as promo_kind,
    o.snapshot #>> '{cart,appliedPromo,code}' as promo_code,
    case when o.delivery_type = 'D' and o.advanced_time is null and o.status = 'placed'
      and o.delivered_at is not null
      then floor(extract(epoch from (o.delivered_at - o.placed_at)) / 60)::int end as delivery_minutes,
    o.guarantee_paise,
    coalesce(p.earned, 0)::int as points_earned, coalesce(p.redeemed, 0)::int as points_redeemed
  from orders o
  cross join lateral (select
    coalesce((o.snapshot #>> '{cart,displayPrice}')::int, 0) as gross,
    coalesce((o.snapshot #>> '{cart,displayNetPrice}')::int, 0) as net,
    coalesce((o.snapshot #>> '{cart,taxAmount}')::int, 0) as gst,
    coalesce((o.snapshot #>> '{cart,tip,tipAmount}')::int, 0) as tip) c
  left join lateral (select
      sum(lp.points) filter (where lp.kind = 'earn_pending') as earned,
      coalesce(sum(lp.points) filter (where lp.kind = 'redeem'), 0)
        - coalesce(sum(lp.points) filter (where lp.kind = 'redeem_restored'), 0) as redeemed
    from loyalty_points lp
    where o.owner_id like 'U%' and lp.customer_id = o.owner_id and lp.ref = o.id
      and lp.kind in ('earn_pending', 'redeem', 'redeem_restored')) p on true
  where o.placed_at is not null and o.status in ('placed', 'cancelled') and (true);--> statement-breakpoint
with
  expanded as (
    select s.*, g.grain, case g.grain when 'D' then s.day when 'W' then date_trunc('week', s.day::timestamp)::date
    else date_trunc('month', s.day::timestamp)::date end as period
    from (select 1 as sign, r.* from report_orders r where true) s cross join (values ('D')) g(grain)
  ),
  sales as (insert into report_sales as t (store_id, grain, day, orders, cancelled, cancelled_paise, gross_paise, discount_paise, gst_paise, charges_paise, tip_paise, total_paise, guarantees, guarantee_paise, points_earned, points_redeemed)
    select * from (select e.store_id, e.grain, e.period,
      sum(e.sign * (e.state = 'placed')::int)::int as orders, sum(e.sign * (e.state = 'cancelled')::int)::int as cancelled,
      sum(e.sign * (e.state = 'cancelled')::int * e.total_paise)::int as cancelled_paise,
      sum(e.sign * (e.state = 'placed')::int * e.gross_paise)::int as gross_paise, sum(e.sign * (e.state = 'placed')::int * e.discount_paise)::int as discount_paise, sum(e.sign * (e.state = 'placed')::int * e.gst_paise)::int as gst_paise, sum(e.sign * (e.state = 'placed')::int * e.charges_paise)::int as charges_paise, sum(e.sign * (e.state = 'placed')::int * e.tip_paise)::int as tip_paise, sum(e.sign * (e.state = 'placed')::int * e.total_paise)::int as total_paise,
      sum(e.sign * (e.state = 'placed')::int * (e.guarantee_paise > 0)::int)::int as guarantees,
      sum(e.sign * (e.state = 'placed')::int * e.guarantee_paise)::int as guarantee_paise,
      sum(e.sign * (e.state = 'placed')::int * e.points_earned)::int as points_earned,
      sum(e.sign * (e.state = 'placed')::int * e.points_redeemed)::int as points_redeemed
    from expanded e group by 1, 2, 3) d
    where d.orders <> 0 or d.cancelled <> 0 or d.cancelled_paise <> 0 or d.gross_paise <> 0 or d.discount_paise <> 0 or d.gst_paise <> 0 or d.charges_paise <> 0 or d.tip_paise <> 0 or d.total_paise <> 0 or d.guarantees <> 0 or d.guarantee_paise <> 0 or d.points_earned <> 0 or d.points_redeemed <> 0
    order by 1, 2, 3
    on conflict (store_id, grain, day) do update set
      orders = t.orders + excluded.orders, cancelled = t.cancelled + excluded.cancelled, cancelled_paise = t.cancelled_paise + excluded.cancelled_paise, gross_paise = t.gross_paise + excluded.gross_paise, discount_paise = t.discount_paise + excluded.discount_paise, gst_paise = t.gst_paise + excluded.gst_paise, charges_paise = t.charges_paise + excluded.charges_paise, tip_paise = t.tip_paise + excluded.tip_paise, total_paise = t.total_paise + excluded.total_paise, guarantees = t.guarantees + excluded.guarantees, guarantee_paise = t.guarantee_paise + excluded.guarantee_paise, points_earned = t.points_earned + excluded.points_earned, points_redeemed = t.points_redeemed + excluded.points_redeemed),
  mix as (insert into report_mix as t (store_id, grain, day, dimension, key, orders, net_paise)
    select * from (select e.store_id, e.grain, e.period, m.dimension, m.key, sum(e.sign)::int as orders,
      sum(e.sign * (e.gross_paise - e.discount_paise))::int as net_paise
    from expanded e cross join lateral (values ('type', e.delivery_type), ('method', e.method)) m(dimension, key)
    where e.state = 'placed'
    group by 1, 2, 3, 4, 5) d
    where d.orders <> 0 or d.net_paise <> 0
    order by 1, 2, 3, 4, 5
    on conflict (store_id, grain, day, dimension, key) do update set
      orders = t.orders + excluded.orders, net_paise = t.net_paise + excluded.net_paise),
  items as (insert into report_items as t (store_id, grain, day, product_code, quantity, net_paise)
    select * from (select e.store_id, e.grain, e.period, i.value #>> '{product,code}',
      sum(e.sign * (i.value ->> 'quantity')::int)::int as quantity,
      sum(e.sign * (i.value ->> 'totalPriceAfterDiscount')::int)::int as net_paise
    from expanded e
    join orders o on o.id = e.order_id
    cross join lateral jsonb_array_elements(coalesce(o.snapshot #> '{cart,validItems}', '[]'::jsonb)) i
    where e.state = 'placed'
    group by 1, 2, 3, 4) d
    where d.quantity <> 0 or d.net_paise <> 0
    order by 1, 2, 3, 4
    on conflict (store_id, grain, day, product_code) do update set
      quantity = t.quantity + excluded.quantity, net_paise = t.net_paise + excluded.net_paise),
  offers as (insert into report_offers as t (store_id, grain, day, kind, code, orders, discount_paise, net_paise)
    select * from (select e.store_id, e.grain, e.period, e.promo_kind, e.promo_code, sum(e.sign)::int as orders,
      sum(e.sign * e.discount_paise)::int as discount_paise,
      sum(e.sign * (e.gross_paise - e.discount_paise))::int as net_paise
    from expanded e
    where e.state = 'placed' and e.promo_code is not null
    group by 1, 2, 3, 4, 5) d
    where d.orders <> 0 or d.discount_paise <> 0 or d.net_paise <> 0
    order by 1, 2, 3, 4, 5
    on conflict (store_id, grain, day, kind, code) do update set
      orders = t.orders + excluded.orders, discount_paise = t.discount_paise + excluded.discount_paise, net_paise = t.net_paise + excluded.net_paise),
  delivery as (insert into report_delivery as t (store_id, grain, day, minutes, orders)
    select * from (select e.store_id, e.grain, e.period, e.delivery_minutes, sum(e.sign)::int as orders
    from expanded e
    where e.state = 'placed' and e.delivery_minutes is not null
    group by 1, 2, 3, 4) d
    where d.orders <> 0
    order by 1, 2, 3, 4
    on conflict (store_id, grain, day, minutes) do update set
      orders = t.orders + excluded.orders) select 1;--> statement-breakpoint
insert into report_sales (store_id, grain, day, orders, cancelled, cancelled_paise, gross_paise, discount_paise, gst_paise, charges_paise, tip_paise, total_paise, guarantees, guarantee_paise, points_earned, points_redeemed)
          select store_id, 'W', date_trunc('week', day::timestamp)::date,
            sum(orders)::int, sum(cancelled)::int, sum(cancelled_paise)::int, sum(gross_paise)::int, sum(discount_paise)::int, sum(gst_paise)::int, sum(charges_paise)::int, sum(tip_paise)::int, sum(total_paise)::int, sum(guarantees)::int, sum(guarantee_paise)::int, sum(points_earned)::int, sum(points_redeemed)::int
          from report_sales
          where grain = 'D'
          group by store_id, 3;--> statement-breakpoint
insert into report_sales (store_id, grain, day, orders, cancelled, cancelled_paise, gross_paise, discount_paise, gst_paise, charges_paise, tip_paise, total_paise, guarantees, guarantee_paise, points_earned, points_redeemed)
          select store_id, 'M', date_trunc('month', day::timestamp)::date,
            sum(orders)::int, sum(cancelled)::int, sum(cancelled_paise)::int, sum(gross_paise)::int, sum(discount_paise)::int, sum(gst_paise)::int, sum(charges_paise)::int, sum(tip_paise)::int, sum(total_paise)::int, sum(guarantees)::int, sum(guarantee_paise)::int, sum(points_earned)::int, sum(points_redeemed)::int
          from report_sales
          where grain = 'D'
          group by store_id, 3;--> statement-breakpoint
insert into report_mix (store_id, grain, day, dimension, key, orders, net_paise)
          select store_id, 'W', date_trunc('week', day::timestamp)::date, dimension, key,
            sum(orders)::int, sum(net_paise)::int
          from report_mix
          where grain = 'D'
          group by store_id, 3, dimension, key;--> statement-breakpoint
insert into report_mix (store_id, grain, day, dimension, key, orders, net_paise)
          select store_id, 'M', date_trunc('month', day::timestamp)::date, dimension, key,
            sum(orders)::int, sum(net_paise)::int
          from report_mix
          where grain = 'D'
          group by store_id, 3, dimension, key;--> statement-breakpoint
insert into report_items (store_id, grain, day, product_code, quantity, net_paise)
          select store_id, 'W', date_trunc('week', day::timestamp)::date, product_code,
            sum(quantity)::int, sum(net_paise)::int
          from report_items
          where grain = 'D'
          group by store_id, 3, product_code;--> statement-breakpoint
insert into report_items (store_id, grain, day, product_code, quantity, net_paise)
          select store_id, 'M', date_trunc('month', day::timestamp)::date, product_code,
            sum(quantity)::int, sum(net_paise)::int
          from report_items
          where grain = 'D'
          group by store_id, 3, product_code;--> statement-breakpoint
insert into report_offers (store_id, grain, day, kind, code, orders, discount_paise, net_paise)
          select store_id, 'W', date_trunc('week', day::timestamp)::date, kind, code,
            sum(orders)::int, sum(discount_paise)::int, sum(net_paise)::int
          from report_offers
          where grain = 'D'
          group by store_id, 3, kind, code;--> statement-breakpoint
insert into report_offers (store_id, grain, day, kind, code, orders, discount_paise, net_paise)
          select store_id, 'M', date_trunc('month', day::timestamp)::date, kind, code,
            sum(orders)::int, sum(discount_paise)::int, sum(net_paise)::int
          from report_offers
          where grain = 'D'
          group by store_id, 3, kind, code;--> statement-breakpoint
insert into report_delivery (store_id, grain, day, minutes, orders)
          select store_id, 'W', date_trunc('week', day::timestamp)::date, minutes,
            sum(orders)::int
          from report_delivery
          where grain = 'D'
          group by store_id, 3, minutes;--> statement-breakpoint
insert into report_delivery (store_id, grain, day, minutes, orders)
          select store_id, 'M', date_trunc('month', day::timestamp)::date, minutes,
            sum(orders)::int
          from report_delivery
          where grain = 'D'
          group by store_id, 3, minutes;
