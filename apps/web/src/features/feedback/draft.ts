import type { FeedbackOrder, InHouseFeedbackInput } from '@crust/contract/feedback';
import { feedbackErrors, toggleTag, type FeedbackField, type TopicTag } from '@crust/domain/feedback';
import { readJson, writeJson } from '../../shared/storage.ts';

/** What the customer has rated so far on /uf. */
export interface Draft {
  overall: number | null;
  nps: number | null;
  comment: string;
  /** productId → rating */
  food: Record<string, number>;
  delivery: number | null;
  valueForMoney: number | null;
  tags: TopicTag[];
  raiseTicket: boolean;
  mobileNo: string;
}

export const EMPTY_DRAFT: Draft = {
  overall: null,
  nps: null,
  comment: '',
  food: {},
  delivery: null,
  valueForMoney: null,
  tags: [],
  raiseTicket: false,
  mobileNo: '',
};

/** SPEC §4 Feedback: the form is kept on the device on every change, per order, until it is sent. */
const keyOf = (orderId: string) => `crust.feedback.${orderId}`;

export function loadDraft(orderId: string): Draft {
  return { ...EMPTY_DRAFT, ...readJson<Partial<Draft>>(keyOf(orderId), {}) };
}

export function saveDraft(orderId: string, draft: Draft): void {
  writeJson(keyOf(orderId), draft);
}

export function clearDraft(orderId: string): void {
  writeJson(keyOf(orderId), null);
}

export function withTag(draft: Draft, tag: TopicTag): Draft {
  return { ...draft, tags: toggleTag(draft.tags, tag) };
}

/** The SPEC §5 verdict on the draft: one message per field (the short form: the first-time rider's). */
export function draftErrors(
  draft: Draft,
  order: Pick<FeedbackOrder, 'orderMode'>,
  short: boolean,
): Partial<Record<FeedbackField, string>> {
  return feedbackErrors(
    {
      overall: draft.overall,
      nps: draft.nps,
      comment: draft.comment,
      food: Object.values(draft.food).map((rating) => ({ rating })),
      delivery: draft.delivery,
      valueForMoney: draft.valueForMoney,
      tags: draft.tags,
      orderMode: order.orderMode,
      mobileNo: draft.mobileNo,
    },
    { short },
  );
}

/** The in-house CSAT/NPS form (SPEC §3) the draft becomes. */
export function bodyOf(draft: Draft, order: FeedbackOrder, short: boolean): InHouseFeedbackInput {
  const items = new Map(order.items.map((i) => [i.productId, i]));
  return {
    orderId: order.orderId,
    type: 'NPS',
    medium: 'PWA',
    overall: draft.overall,
    food: short
      ? []
      : Object.entries(draft.food).flatMap(([productId, rating]) => {
          const item = items.get(productId);
          return item ? [{ productId, productName: item.productName, rating, menuCode: item.menuCode }] : [];
        }),
    delivery: short ? null : draft.delivery,
    valueForMoney:
      short || draft.valueForMoney === null ? [] : [{ tag: 'MONEY_VALUE', rating: draft.valueForMoney }],
    comments: { comment: draft.comment.trim(), raiseTicket: draft.raiseTicket },
    orderType: order.deliveryType,
    orderMode: order.orderMode,
    ...(order.orderMode === 'OFFLINE' ? { mobileNo: draft.mobileNo.trim() } : {}),
    tags: draft.tags,
    ratedTags: [],
    nps: { score: draft.nps },
  };
}
