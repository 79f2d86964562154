import { randomInt } from 'node:crypto';

/**
 * Order numbers (the receipt's "Order no.", the store's screen, "Track your order") are drawn at random from
 * eight-digit numbers, not counted up: with a victim's mobile number, counting numbers let anyone find their
 * orders by trying the numbers around their own (issue 11). Eight digits stay short enough to read out and
 * type; never starting with 0, they need no padding. Unique by an index; a draw that hits a used one draws again.
 */
export const ORDER_NUMBER_MIN = 10_000_000;
export const ORDER_NUMBER_MAX = 99_999_999;

export function newOrderNumber(): number {
  return randomInt(ORDER_NUMBER_MIN, ORDER_NUMBER_MAX + 1);
}
