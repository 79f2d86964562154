import { randomId } from '../../crypto/random-hex.ts';
import type { Cart } from '@crust/contract/cart';
import type {
  ConsoleRating,
  ConsoleRatings,
  ConsoleTicket,
  FeedbackCategories,
  FeedbackOrder,
  InHouseFeedbackBody,
  SimpleFeedbackBody,
  SubmitFeedbackBody,
  SubmittedFeedback,
} from '@crust/contract/feedback';
import {
  canMoveFeedback,
  FEEDBACK_AREAS,
  FEEDBACK_LIMITS,
  feedbackErrors,
  feedbackPrompt,
  initialFeedbackState,
  rateability,
  RATING_TAGS,
  summarizeRatings,
  TOPIC_TAGS,
  type FeedbackField,
  type FeedbackForm,
  type OrderMode,
} from '@crust/domain/feedback';
import { IST_OFFSET_MINUTES } from '@crust/domain/constants';
import { mobileError } from '@crust/domain/mobile';
import type { ApiError } from '@crust/contract/common';
import type { Db } from '../../db/client.ts';
import { HttpError, httpError, type Result } from '../../http/errors.ts';
import { orderNumberOf, orderStageOf, orderTypeOf } from '../orders/order-facts.ts';
import type { OrderRow } from '../orders/queries.ts';
import { isCustomerId } from '../../http/session-tokens.ts';
import type { StaffCaller } from '../staff/directory.ts';
import { reaches } from '@crust/domain/staff-roles';
import * as repo from './repo.ts';
import { FEEDBACK_SERVER_TEXTS as T } from './texts.ts';

const newFeedbackId = () => randomId('F', 10);
const DAY_MS = 86_400_000;
const IST_OFFSET_MS = IST_OFFSET_MINUTES * 60_000;
/** the store console's lists */
const RECENT_RATINGS = 50;
const TICKETS_SHOWN = 100;

/** What feedback reads of orders (the orders module's face, OrderQueries). */
export interface FeedbackOrders {
  find(orderId: string): Promise<OrderRow | undefined>;
  firstDelivered(ownerId: string): Promise<string | undefined>;
}

/** What feedback reads of the customer (the account module's face). */
export interface FeedbackCustomers {
  profile(customerId: string): Promise<{ mobile: string; firstName: string; lastName: string }>;
}

export interface FeedbackDeps {
  db: Db;
  orders: FeedbackOrders;
  customers: FeedbackCustomers;
  storeName(storeId: number): Promise<string | undefined>;
  clock?: () => number;
}

/** SIMPLE (SPEC §3's simple form) or IN_HOUSE; STANDARD or FTR (the first-time rider's endpoint). */
export type FeedbackVariant = 'STANDARD' | 'FTR';

/** What the form's field names are in the request, for 400s. */
const FIELD_OF: Record<FeedbackField, string> = {
  overall: 'body.overall',
  nps: 'body.nps.score',
  comment: 'body.comments.comment',
  food: 'body.food',
  delivery: 'body.delivery',
  valueForMoney: 'body.valueForMoney',
  tags: 'body.tags',
  mobileNo: 'body.mobileNo',
};
const SIMPLE_FIELD_OF: Partial<Record<FeedbackField, string>> = {
  overall: 'body.feedback.rating',
  comment: 'body.feedback.comment',
  tags: 'body.feedback.tags',
  mobileNo: 'body.mobileNo',
};

const isSimple = (body: SubmitFeedbackBody): body is SimpleFeedbackBody => 'feedback' in body;

interface Details {
  /** the order's number and the customer's name as they were when rated (the console shows them) */
  orderNumber: string;
  customerName: string;
  mobile: string;
  type?: 'CSAT' | 'NPS';
  medium?: string;
  npsReason?: string;
  food?: InHouseFeedbackBody['food'];
  delivery?: number | null;
  deliveryRatings?: InHouseFeedbackBody['deliveryRatings'];
  valueForMoney?: InHouseFeedbackBody['valueForMoney'];
  ratedTags?: string[];
  /** the simple form's contact fields */
  email?: string;
}

const detailsOf = (row: repo.FeedbackRow) => row.details as Details;

function ratingOf(row: repo.FeedbackRow): ConsoleRating {
  const d = detailsOf(row);
  return {
    feedbackId: row.id,
    orderId: row.orderId,
    dominosOrderId: d.orderNumber,
    overall: row.overall,
    nps: row.nps,
    comment: row.comment,
    tags: row.tags as string[],
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    customerName: d.customerName,
  };
}

function ticketOf(row: repo.FeedbackRow): ConsoleTicket {
  return {
    ...ratingOf(row),
    mobile: detailsOf(row).mobile,
    reply: row.reply,
    closedBy: row.closedBy,
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

/** The instant an IST calendar day (YYYY-MM-DD) starts. */
function istDayStart(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const at = Date.UTC(y, m - 1, d) - IST_OFFSET_MS;
  if (Number.isNaN(at) || new Date(at + IST_OFFSET_MS).toISOString().slice(0, 10) !== day)
    throw httpError(400, 'BAD_REQUEST', T.badDate, { field: 'querystring.from' });
  return new Date(at);
}

const cartOf = (order: OrderRow): Cart => (order.snapshot as { cart: Cart }).cart;

/** The order's products, once each, as the form rates them (food[]). */
function itemsOf(order: OrderRow): FeedbackOrder['items'] {
  const byCode = new Map<string, FeedbackOrder['items'][number]>();
  for (const item of cartOf(order).validItems) {
    const seen = byCode.get(item.product.code);
    if (seen) seen.quantity += item.quantity;
    else
      byCode.set(item.product.code, {
        productId: item.product.code,
        productName: item.product.name,
        menuCode: `${item.product.code}-${item.sizeCode}`,
        quantity: item.quantity,
      });
  }
  return [...byCode.values()];
}

/**
 * Ratings (issue 17 §1, docs/feedback.md): a logged-in customer rates an order of theirs once, up to 60 days after
 * it was delivered; a low rating may open a ticket the store closes with a reply. The store console reads a
 * period's NPS and CSAT.
 */
export class FeedbackService {
  private readonly clock: () => number;
  constructor(private readonly d: FeedbackDeps) {
    this.clock = d.clock ?? Date.now;
  }

  categories(): FeedbackCategories {
    return {
      areas: [...FEEDBACK_AREAS],
      ratingTags: Object.entries(RATING_TAGS).map(([rating, label]) => ({ rating: Number(rating), label })),
      topicTags: [...TOPIC_TAGS],
      limits: { ...FEEDBACK_LIMITS },
    };
  }

  /**
   * The order the caller may rate: their own (ONLINE), or a guest's order placed with the mobile number they give
   * (OFFLINE). Another customer's order, or none, is a 404. A refusal the form shows inline is a FAILED:
   * OFFLINE (a guest's order: the mobile it was placed with is needed), MOBILE_NOT_MATCHED.
   */
  private async reach(
    customerId: string,
    orderId: string,
    mobileNo: string | undefined,
  ): Promise<Result<{ order: OrderRow; mode: OrderMode; mobile: string; name: string }>> {
    const order = await this.d.orders.find(orderId);
    if (!order || (order.ownerId !== customerId && isCustomerId(order.ownerId)))
      throw httpError(404, 'ORDER_NOT_FOUND', T.orderNotFound);
    const profile = await this.d.customers.profile(customerId);
    const name = `${profile.firstName} ${profile.lastName}`.trim();
    const given = mobileNo?.trim() || undefined;
    if (order.ownerId === customerId) {
      if (given !== undefined && given !== profile.mobile && given !== order.mobile)
        return fail('MOBILE_NOT_MATCHED', T.mobileNotMatched, 'mobileNo');
      return { ok: true, data: { order, mode: 'ONLINE', mobile: order.mobile, name } };
    }
    // a guest's order (placed without logging in): the offline flow, proven by the mobile it was placed with
    if (given === undefined) return fail('OFFLINE', T.offline, 'mobileNo');
    if (given !== order.mobile) return fail('MOBILE_NOT_MATCHED', T.mobileNotMatched, 'mobileNo');
    return { ok: true, data: { order, mode: 'OFFLINE', mobile: order.mobile, name } };
  }

  /** Whether this order is the owner's first delivered one (the first-time rider). */
  private async isFirstTime(order: OrderRow): Promise<boolean> {
    return (await this.d.orders.firstDelivered(order.ownerId)) === order.id;
  }

  async orderView(customerId: string, orderId: string, mobileNo?: string): Promise<Result<FeedbackOrder>> {
    const reached = await this.reach(customerId, orderId, mobileNo);
    if (!reached.ok) return reached;
    const { order, mode } = reached.data;
    const [rated, firstTime, storeName] = await Promise.all([
      repo.findByOrder(this.d.db, order.id),
      this.isFirstTime(order),
      this.d.storeName(order.storeId),
    ]);
    return {
      ok: true,
      data: {
        orderId: order.id,
        dominosOrderId: orderNumberOf(order),
        storeName: storeName ?? '',
        deliveryType: orderTypeOf(order),
        orderMode: mode,
        deliveredAt: order.deliveredAt?.toISOString() ?? null,
        items: itemsOf(order),
        rateability: rateability(
          { stage: orderStageOf(order), deliveredAtMs: order.deliveredAt?.getTime() ?? null },
          this.clock(),
        ),
        rated: rated !== undefined,
        firstTime,
      },
    };
  }

  /**
   * Rates an order, once. The standard endpoint takes any delivered order of the caller's within 60 days; the
   * first-time rider's (FTR) takes only the customer's first delivered order, with the short form (the comment
   * optional) and answers a welcome. A second rating of an order is FEEDBACK_EXISTS.
   */
  async submit(
    customerId: string,
    body: SubmitFeedbackBody,
    variant: FeedbackVariant,
  ): Promise<Result<SubmittedFeedback>> {
    const simple = isSimple(body);
    const orderId = simple ? body.feedback.orderId : body.orderId;
    const form: FeedbackForm = simple
      ? {
          overall: body.feedback.rating,
          nps: null,
          comment: body.feedback.comment,
          food: [],
          delivery: null,
          valueForMoney: null,
          tags: body.feedback.tags,
          orderMode: 'ONLINE',
          mobileNo: body.mobileNo,
        }
      : {
          overall: body.overall,
          nps: body.nps.score,
          comment: body.comments.comment,
          food: body.food,
          delivery: body.delivery,
          valueForMoney: null,
          tags: body.tags,
          orderMode: body.orderMode,
          mobileNo: body.mobileNo ?? '',
        };
    const short = variant === 'FTR';
    const errors = Object.entries(feedbackErrors(form, { short })) as [FeedbackField, string][];
    // the simple form has no NPS (SPEC §3): it is a CSAT rating with a comment, and its mobile is always given
    const relevant = simple ? errors.filter(([f]) => f !== 'nps') : errors;
    if (simple) {
      const mobile = mobileError(body.mobileNo);
      if (mobile && !relevant.some(([f]) => f === 'mobileNo')) relevant.push(['mobileNo', mobile]);
    }
    if (relevant.length > 0)
      throw new HttpError(
        400,
        relevant.map(([field, message]) => ({
          code: 'BAD_REQUEST',
          displayMsg: message,
          field: (simple ? SIMPLE_FIELD_OF[field] : undefined) ?? FIELD_OF[field],
        })),
      );

    const reached = await this.reach(
      customerId,
      orderId,
      simple || body.orderMode === 'OFFLINE' || body.mobileNo ? form.mobileNo : undefined,
    );
    if (!reached.ok) return reached;
    const { order, mode, mobile, name } = reached.data;
    const now = this.clock();
    const verdict = rateability(
      { stage: orderStageOf(order), deliveredAtMs: order.deliveredAt?.getTime() ?? null },
      now,
    );
    if (verdict === 'NOT_DELIVERED') return fail('NOT_DELIVERED', T.notDelivered);
    if (verdict === 'WINDOW_CLOSED') return fail('WINDOW_CLOSED', T.windowClosed);
    const firstTime = await this.isFirstTime(order);
    if (variant === 'FTR' && !firstTime) return fail('NOT_FIRST_ORDER', T.notFirstOrder);

    if (!simple) {
      // the food rated must be the order's own products
      const products = new Set(itemsOf(order).map((i) => i.productId));
      const stranger = body.food.findIndex((f) => !products.has(f.productId));
      if (stranger >= 0)
        throw httpError(400, 'BAD_REQUEST', T.notInOrder, { field: `body.food.${stranger}.productId` });
    }

    const overall = form.overall!;
    const raiseTicket = !simple && body.comments.raiseTicket;
    const state = initialFeedbackState(overall, raiseTicket);
    const at = new Date(now);
    const details: Details = simple
      ? {
          orderNumber: orderNumberOf(order),
          customerName: `${body.firstName ?? ''} ${body.lastName ?? ''}`.trim() || name,
          mobile,
          ...(body.email ? { email: body.email } : {}),
        }
      : {
          orderNumber: orderNumberOf(order),
          customerName: name,
          mobile,
          type: body.type,
          medium: body.medium,
          ...(body.nps.reason ? { npsReason: body.nps.reason } : {}),
          food: body.food,
          delivery: body.delivery,
          deliveryRatings: body.deliveryRatings,
          valueForMoney: body.valueForMoney,
          ratedTags: body.ratedTags,
        };
    const made = await repo.insertFeedback(this.d.db, {
      id: newFeedbackId(),
      orderId: order.id,
      customerId,
      storeId: order.storeId,
      form: simple ? 'SIMPLE' : 'IN_HOUSE',
      variant,
      orderMode: mode,
      overall,
      nps: form.nps,
      comment: form.comment.trim(),
      tags: [...form.tags],
      details,
      state,
      ticketOpenedAt: state === 'TICKET_OPEN' ? at : null,
      createdAt: at,
    });
    if (!made) return fail('FEEDBACK_EXISTS', T.alreadyRated);
    const ticketOpen = made.state === 'TICKET_OPEN';
    return {
      ok: true,
      data: {
        feedbackId: made.id,
        orderId: order.id,
        processing: ticketOpen ? 'PROCESSING' : 'SUCCESS',
        ticketOpen,
        firstTime,
        message: variant === 'FTR' ? T.welcome : ticketOpen ? T.thanksTicket : T.thanks,
      },
    };
  }

  /** SPEC §7 intervalcount: the ratings the customer gave in the last `intervalSeconds`. */
  async count(customerId: string, intervalSeconds: number) {
    const since = new Date(this.clock() - intervalSeconds * 1000);
    return { interval: intervalSeconds, intervalCount: await repo.countSince(this.d.db, customerId, since) };
  }

  /** The history's and the tracker's prompt for each order (the history module's face). */
  async prompts(
    orders: readonly { id: string; stage: OrderRow['stage']; deliveredAt: Date | null }[],
  ): Promise<Map<string, 'RATE' | 'RATED' | null>> {
    const rated = await repo.ratedOrderIds(
      this.d.db,
      orders.map((o) => o.id),
    );
    const now = this.clock();
    return new Map(
      orders.map((o) => [
        o.id,
        feedbackPrompt(
          { stage: orderStageOf(o), deliveredAtMs: o.deliveredAt?.getTime() ?? null },
          rated.has(o.id),
          now,
        ),
      ]),
    );
  }

  // --- the store console's Ratings tab ---

  private mayRead(claims: StaffCaller, storeId: number): void {
    if (!reaches(claims.reach, storeId)) throw httpError(404, 'NOT_FOUND', T.notYourStore);
  }

  /** A period's numbers and newest ratings: `from` and `to` are IST days, both included. */
  async ratings(claims: StaffCaller, storeId: number, from: string, to: string): Promise<ConsoleRatings> {
    this.mayRead(claims, storeId);
    const start = istDayStart(from);
    const end = new Date(istDayStart(to).getTime() + DAY_MS);
    if (end <= start) throw httpError(400, 'BAD_REQUEST', T.badPeriod, { field: 'querystring.to' });
    if (end.getTime() - start.getTime() > 400 * DAY_MS)
      throw httpError(400, 'BAD_REQUEST', T.longPeriod, { field: 'querystring.from' });
    const { scores, recent } = await repo.storeRatings(this.d.db, storeId, start, end, RECENT_RATINGS);
    return { storeId, from, to, summary: summarizeRatings(scores), recent: recent.map(ratingOf) };
  }

  async tickets(claims: StaffCaller, storeId: number): Promise<ConsoleTicket[]> {
    this.mayRead(claims, storeId);
    return (await repo.storeTickets(this.d.db, storeId, TICKETS_SHOWN)).map(ticketOf);
  }

  /** Closes an open ticket with the staff member's reply; a closed one (or one closed just now) is a 409. */
  async closeTicket(claims: StaffCaller, feedbackId: string, reply: string): Promise<ConsoleTicket> {
    const found = await repo.findById(this.d.db, feedbackId);
    if (!found || !reaches(claims.reach, found.storeId)) throw httpError(404, 'NOT_FOUND', T.noTicket);
    if (!canMoveFeedback(found.state, 'CLOSED'))
      throw httpError(409, found.state === 'CLOSED' ? 'TICKET_CLOSED' : 'NO_TICKET', T.ticketNotOpen);
    const closed = await repo.closeTicket(this.d.db, feedbackId, {
      reply,
      closedBy: claims.sub,
      closedAt: new Date(this.clock()),
    });
    if (!closed) throw httpError(409, 'TICKET_CLOSED', T.ticketNotOpen);
    return ticketOf(closed);
  }
}

function fail(code: string, displayMsg: string, field?: string): { ok: false; errors: ApiError[] } {
  return { ok: false, errors: [{ code, displayMsg, ...(field ? { field } : {}) }] };
}
