import { describe, expect, it } from 'vitest';
import { parsePriceText, PRICE_MESSAGES } from './price-text';

describe('a price as typed ("12,50" must never become 1250)', () => {
  it.each([
    ['12.50', 12.5],
    ['12,50', 12.5],
    ['12,5', 12.5],
    ['12', 12],
    [' 7 ', 7],
    ['.5', 0.5],
    ['12.', 12],
    ['0', 0],
    ['1,250.00', 1250],
    ['1.250,00', 1250],
    ['1,250.5', 1250.5],
    ['1,250,000', 1_250_000],
    ['1.250.000', 1_250_000],
  ])('reads %j as %d', (text, value) => {
    expect(parsePriceText(text)).toEqual({ ok: true, value });
  });

  it('reads an empty field as no price', () => {
    expect(parsePriceText('   ')).toEqual({ ok: true, value: null });
  });

  it.each([
    ['1,250', 'Is this 1250 or 1.25? Type the price without a thousands separator'],
    ['12,500', 'Is this 12500 or 12.5? Type the price without a thousands separator'],
    ['1.250', PRICE_MESSAGES.tooManyDecimals],
    ['12.345', PRICE_MESSAGES.tooManyDecimals],
    ['-3', PRICE_MESSAGES.negative],
    ['−3,50', PRICE_MESSAGES.negative],
    ['abc', PRICE_MESSAGES.notANumber],
    ['-abc', PRICE_MESSAGES.notANumber],
    ['1e3', PRICE_MESSAGES.notANumber],
    ['0x10', PRICE_MESSAGES.notANumber],
    ['$12', PRICE_MESSAGES.notANumber],
    ['12,50 €', PRICE_MESSAGES.notANumber],
    ['1.250.00', PRICE_MESSAGES.notANumber],
    ['1,25,00', PRICE_MESSAGES.notANumber],
    ['.', PRICE_MESSAGES.notANumber],
    ['12.5055', PRICE_MESSAGES.tooManyDecimals],
  ])('refuses %j: %s', (text, message) => {
    expect(parsePriceText(text)).toEqual({ ok: false, message });
  });
});
