import { describe, expect, it } from 'vitest';
import {
  canMoveFeedback,
  commentError,
  csatError,
  FEEDBACK_AREAS,
  FEEDBACK_LIMITS,
  FEEDBACK_STATES,
  FEEDBACK_TEXTS,
  feedbackErrors,
  feedbackPrompt,
  initialFeedbackState,
  isLowRating,
  isRateableStage,
  npsError,
  npsGroup,
  overallError,
  rateability,
  RATING_TAGS,
  ratingLabel,
  summarizeRatings,
  toggleTag,
  TOPIC_TAGS,
  type FeedbackForm,
  type FeedbackState,
} from '../src/feedback.ts';
import { ORDER_STAGES, type OrderStage } from '../src/order-lifecycle.ts';

const DAY = 86_400_000;
const S = 1000;

describe('SPEC §3 and §9 vocabulary', () => {
  it('areas, rating tags, topic tags and limits are the SPEC ones', () => {
    expect(FEEDBACK_AREAS).toEqual(['OVERALL', 'FOOD', 'DELIVERY', 'ORDERING', 'MONEY_VALUE', 'COMMENTS']);
    expect(RATING_TAGS).toEqual({ 1: 'Very Bad', 2: 'Bad', 3: 'Average', 4: 'Good', 5: 'Very Good' });
    expect(TOPIC_TAGS).toEqual(['Payment', 'Offers', 'Location', 'Tracking Order', 'Menu', 'Other']);
    expect(FEEDBACK_LIMITS).toMatchObject({
      commentMin: 30,
      commentMax: 250,
      npsMin: 0,
      npsMax: 10,
      csatMin: 1,
      csatMax: 5,
      ordersDurationSeconds: 5_184_000,
      shownLimitSeconds: 432_000,
    });
    expect(FEEDBACK_TEXTS.commentTooShort).toBe('Your feedback should have at least 30 characters');
  });

  it.each([
    [1, 'Very Bad'],
    [3, 'Average'],
    [5, 'Very Good'],
  ] as const)('rating %i is "%s"', (score, label) => {
    expect(ratingLabel(score)).toBe(label);
  });
});

describe('comment (SPEC §5: 30 to 250 characters)', () => {
  it.each([
    ['', true, FEEDBACK_TEXTS.commentTooShort],
    ['x'.repeat(29), true, FEEDBACK_TEXTS.commentTooShort],
    [`  ${'x'.repeat(29)}   `, true, FEEDBACK_TEXTS.commentTooShort],
    ['x'.repeat(30), true, null],
    ['x'.repeat(250), true, null],
    ['x'.repeat(251), true, FEEDBACK_TEXTS.commentTooLong],
    ['', false, null],
    ['   ', false, null],
    ['too short', false, FEEDBACK_TEXTS.commentTooShort],
  ])('%j (required %s) → %s', (comment, required, message) => {
    expect(commentError(comment, required)).toBe(message);
  });
});

describe('scores', () => {
  it.each([
    [null, FEEDBACK_TEXTS.npsRequired],
    [undefined, FEEDBACK_TEXTS.npsRequired],
    [-1, FEEDBACK_TEXTS.npsRequired],
    [0, null],
    [10, null],
    [11, FEEDBACK_TEXTS.npsRequired],
    [7.5, FEEDBACK_TEXTS.npsRequired],
  ])('NPS %s → %s', (score, message) => {
    expect(npsError(score)).toBe(message);
  });

  it.each([
    [null, FEEDBACK_TEXTS.overallRequired],
    [0, FEEDBACK_TEXTS.overallRequired],
    [1, null],
    [5, null],
    [6, FEEDBACK_TEXTS.overallRequired],
  ])('overall %s → %s', (score, message) => {
    expect(overallError(score)).toBe(message);
  });

  it.each([
    [null, null],
    [undefined, null],
    [0, FEEDBACK_TEXTS.csatRange],
    [3, null],
    [6, FEEDBACK_TEXTS.csatRange],
  ])('another CSAT rating %s → %s (optional)', (score, message) => {
    expect(csatError(score)).toBe(message);
  });

  it.each([
    [1, true],
    [2, true],
    [3, false],
    [5, false],
  ])('overall %i is low: %s', (overall, low) => {
    expect(isLowRating(overall)).toBe(low);
  });
});

describe('tags toggle on a second tap (SPEC §4)', () => {
  it.each([
    [[], 'Menu', ['Menu']],
    [['Menu'], 'Menu', []],
    [['Payment', 'Menu'], 'Offers', ['Payment', 'Menu', 'Offers']],
    [['Payment', 'Menu', 'Offers'], 'Menu', ['Payment', 'Offers']],
  ])('%j + %s → %j', (tags, tag, next) => {
    expect(toggleTag(tags, tag)).toEqual(next);
  });

  it('tapping twice gives the tags back', () => {
    expect(toggleTag(toggleTag(['Other'], 'Location'), 'Location')).toEqual(['Other']);
  });
});

describe('the whole form', () => {
  const good: FeedbackForm = {
    overall: 4,
    nps: 9,
    comment: 'The pizza was hot and the rider was very polite.',
    food: [{ rating: 5 }, { rating: null }],
    delivery: 4,
    valueForMoney: null,
    tags: ['Menu'],
    orderMode: 'ONLINE',
    mobileNo: '',
  };

  it('a filled form has no errors', () => {
    expect(feedbackErrors(good)).toEqual({});
  });

  it.each<[Partial<FeedbackForm>, Record<string, string>]>([
    [{ overall: null }, { overall: FEEDBACK_TEXTS.overallRequired }],
    [{ nps: null }, { nps: FEEDBACK_TEXTS.npsRequired }],
    [{ comment: 'short' }, { comment: FEEDBACK_TEXTS.commentTooShort }],
    [{ food: [{ rating: 9 }] }, { food: FEEDBACK_TEXTS.csatRange }],
    [{ delivery: 0 }, { delivery: FEEDBACK_TEXTS.csatRange }],
    [{ valueForMoney: 7 }, { valueForMoney: FEEDBACK_TEXTS.csatRange }],
    [{ tags: ['Pizza'] }, { tags: FEEDBACK_TEXTS.unknownTag }],
    [{ orderMode: 'OFFLINE', mobileNo: '' }, { mobileNo: 'Enter Mobile Number' }],
    [{ orderMode: 'OFFLINE', mobileNo: '98765' }, { mobileNo: 'Mobile Number should be of 10 digits' }],
    [
      { orderMode: 'OFFLINE', mobileNo: '09876543210' },
      { mobileNo: 'Please do not add 0 in front of your mobile number' },
    ],
    [{ orderMode: 'OFFLINE', mobileNo: '9876543210' }, {}],
    // an online order's mobile is the account's: nothing to type
    [{ orderMode: 'ONLINE', mobileNo: '' }, {}],
  ])('%j → %j', (change, errors) => {
    expect(feedbackErrors({ ...good, ...change })).toEqual(errors);
  });

  it("the first-time rider's short form needs no comment, but one that is there is checked", () => {
    expect(feedbackErrors({ ...good, comment: '' }, { short: true })).toEqual({});
    expect(feedbackErrors({ ...good, comment: 'meh' }, { short: true })).toEqual({
      comment: FEEDBACK_TEXTS.commentTooShort,
    });
    expect(feedbackErrors({ ...good, comment: '', nps: null }, { short: true })).toEqual({
      nps: FEEDBACK_TEXTS.npsRequired,
    });
  });
});

describe('which orders may be rated (SPEC §9 windows, anchored on delivery)', () => {
  const at = 1_800_000_000_000;
  it.each(ORDER_STAGES.map((s) => [s, s === 'DELIVERED' || s === 'PICKED_UP'] as const))(
    '%s may be rated: %s',
    (stage, yes) => {
      expect(isRateableStage(stage)).toBe(yes);
      expect(rateability({ stage, deliveredAtMs: at }, at + DAY)).toBe(yes ? 'RATEABLE' : 'NOT_DELIVERED');
    },
  );

  it.each<[OrderStage | null, number | null, number, string]>([
    [null, null, 0, 'NOT_DELIVERED'],
    ['DELIVERED', null, 0, 'NOT_DELIVERED'],
    ['DELIVERED', at, at, 'RATEABLE'],
    ['DELIVERED', at, at + 5_184_000 * S, 'RATEABLE'],
    ['DELIVERED', at, at + 5_184_000 * S + 1, 'WINDOW_CLOSED'],
    ['PICKED_UP', at, at + 59 * DAY, 'RATEABLE'],
    ['PICKED_UP', at, at + 61 * DAY, 'WINDOW_CLOSED'],
  ])('%s delivered at %s, now %s → %s', (stage, deliveredAtMs, now, verdict) => {
    expect(rateability({ stage, deliveredAtMs }, now)).toBe(verdict);
  });

  it.each<[OrderStage, boolean, number, string | null]>([
    ['DELIVERED', false, 0, 'RATE'],
    ['DELIVERED', false, 432_000 * S, 'RATE'],
    ['DELIVERED', false, 432_000 * S + 1, null],
    ['DELIVERED', true, 432_000 * S + 1, 'RATED'],
    ['DELIVERED', true, 0, 'RATED'],
    ['PICKED_UP', false, DAY, 'RATE'],
    ['DISPATCHED', false, 0, null],
    ['CANCELLED', false, 0, null],
    ['UNDELIVERED', false, 0, null],
  ])('%s, rated %s, %s ms after delivery → %s', (stage, rated, after, prompt) => {
    expect(feedbackPrompt({ stage, deliveredAtMs: at }, rated, at + after)).toBe(prompt);
  });
});

describe('NPS and CSAT', () => {
  it.each([
    [0, 'DETRACTOR'],
    [6, 'DETRACTOR'],
    [7, 'PASSIVE'],
    [8, 'PASSIVE'],
    [9, 'PROMOTER'],
    [10, 'PROMOTER'],
  ] as const)('%i is a %s', (score, group) => {
    expect(npsGroup(score)).toBe(group);
  });

  it.each([
    ['none', [], { count: 0, csatAverage: null, nps: null, promoters: 0, passives: 0, detractors: 0 }],
    [
      'one promoter',
      [{ overall: 5, nps: 10 }],
      { count: 1, csatAverage: 5, nps: 100, promoters: 1, passives: 0, detractors: 0 },
    ],
    [
      'one detractor',
      [{ overall: 1, nps: 0 }],
      { count: 1, csatAverage: 1, nps: -100, promoters: 0, passives: 0, detractors: 1 },
    ],
    [
      'all passives: NPS 0, not -0',
      [
        { overall: 3, nps: 7 },
        { overall: 4, nps: 8 },
      ],
      { count: 2, csatAverage: 3.5, nps: 0, promoters: 0, passives: 2, detractors: 0 },
    ],
    [
      'a mix, rounded: 2 promoters, 1 passive, 0 detractors of 3 → 66.67 → 67',
      [
        { overall: 5, nps: 9 },
        { overall: 4, nps: 10 },
        { overall: 4, nps: 7 },
      ],
      { count: 3, csatAverage: 4.33, nps: 67, promoters: 2, passives: 1, detractors: 0 },
    ],
    [
      'ratings without an NPS count for CSAT only',
      [
        { overall: 2, nps: null },
        { overall: 5, nps: 3 },
      ],
      { count: 2, csatAverage: 3.5, nps: -100, promoters: 0, passives: 0, detractors: 1 },
    ],
    [
      'only ratings without an NPS: no NPS',
      [{ overall: 4, nps: null }],
      { count: 1, csatAverage: 4, nps: null, promoters: 0, passives: 0, detractors: 0 },
    ],
    [
      '1 promoter, 1 detractor, 1 passive, 1 promoter: (2 - 1) / 4 = 25',
      [
        { overall: 5, nps: 10 },
        { overall: 1, nps: 2 },
        { overall: 3, nps: 8 },
        { overall: 5, nps: 9 },
      ],
      { count: 4, csatAverage: 3.5, nps: 25, promoters: 2, passives: 1, detractors: 1 },
    ],
  ])('%s', (_name, ratings, summary) => {
    expect(summarizeRatings(ratings)).toEqual(summary);
  });
});

describe("a feedback's life", () => {
  it.each([
    [1, true, 'TICKET_OPEN'],
    [2, true, 'TICKET_OPEN'],
    [3, true, 'SUBMITTED'],
    [5, true, 'SUBMITTED'],
    [1, false, 'SUBMITTED'],
  ] as const)('overall %i, raise a ticket %s → %s', (overall, raise, state) => {
    expect(initialFeedbackState(overall, raise)).toBe(state);
  });

  const allowed = new Set(['TICKET_OPEN→CLOSED']);
  it.each(
    FEEDBACK_STATES.flatMap((from) =>
      FEEDBACK_STATES.map((to) => [from, to] as [FeedbackState, FeedbackState]),
    ),
  )('%s → %s', (from, to) => {
    expect(canMoveFeedback(from, to)).toBe(allowed.has(`${from}→${to}`));
  });
});
