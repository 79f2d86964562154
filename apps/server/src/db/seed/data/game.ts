import type { WheelRules, WheelSegment } from '@crust/domain/wheel';

/**
 * The wheel's starting prize table (issue 33 §1, docs/game.md): the chain edits it in the back office. Weights sum
 * to 100, so each weight is the segment's chance in per cent; costs are what one prize costs the chain, paise.
 */
export const GAME_SEGMENTS: WheelSegment[] = [
  {
    position: 0,
    colourIndex: 0,
    label: '₹50 off',
    prize: { kind: 'COUPON', value: 5_000, minOrderPaise: 29_900, productCode: null },
    weight: 15,
    dailyLimit: 200,
    costPaise: 5_000,
  },
  {
    position: 1,
    colourIndex: 1,
    label: 'Better luck next time',
    prize: { kind: 'NONE', value: 0, minOrderPaise: 0, productCode: null },
    weight: 30,
    dailyLimit: null,
    costPaise: 0,
  },
  {
    position: 2,
    colourIndex: 2,
    label: '50 points',
    prize: { kind: 'POINTS', value: 50, minOrderPaise: 0, productCode: null },
    weight: 15,
    dailyLimit: 500,
    costPaise: 1_000,
  },
  {
    position: 3,
    colourIndex: 3,
    label: 'Free Garlic Breadsticks',
    prize: { kind: 'FREE_SIDE', value: 0, minOrderPaise: 0, productCode: 'SID0401' },
    weight: 10,
    dailyLimit: 100,
    costPaise: 4_000,
  },
  {
    position: 4,
    colourIndex: 4,
    label: '₹100 off',
    prize: { kind: 'COUPON', value: 10_000, minOrderPaise: 49_900, productCode: null },
    weight: 5,
    dailyLimit: 50,
    costPaise: 10_000,
  },
  {
    position: 5,
    colourIndex: 5,
    label: 'Better luck next time',
    prize: { kind: 'NONE', value: 0, minOrderPaise: 0, productCode: null },
    weight: 15,
    dailyLimit: null,
    costPaise: 0,
  },
  {
    position: 6,
    colourIndex: 6,
    label: '100 points',
    prize: { kind: 'POINTS', value: 100, minOrderPaise: 0, productCode: null },
    weight: 7,
    dailyLimit: 200,
    costPaise: 2_000,
  },
  {
    position: 7,
    colourIndex: 7,
    label: 'Free Choco Lava Cake',
    prize: { kind: 'FREE_SIDE', value: 0, minOrderPaise: 0, productCode: 'DES2601' },
    weight: 3,
    dailyLimit: 50,
    costPaise: 5_000,
  },
];

export const GAME_RULES: WheelRules = { dailyBudgetPaise: 5_000_000, spinWindowDays: 7, prizeValidDays: 14 };
