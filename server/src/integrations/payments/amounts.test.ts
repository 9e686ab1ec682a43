import { describe, expect, it } from 'vitest';
import { decimalToMinor, minorToDecimal, minorUnits, shopCurrency } from './amounts.ts';

describe('payment amounts', () => {
  it('writes cents as the decimal string PayPal expects', () => {
    expect(minorToDecimal(1234, 'EUR')).toBe('12.34');
    expect(minorToDecimal(5, 'USD')).toBe('0.05');
    expect(minorToDecimal(100, 'GBP')).toBe('1.00');
    expect(minorToDecimal(0, 'EUR')).toBe('0.00');
    expect(minorToDecimal(-250, 'EUR')).toBe('-2.50');
  });

  it('knows currencies whose minor unit is not the cent', () => {
    expect(minorUnits('eur')).toBe(2);
    expect(minorToDecimal(500, 'JPY')).toBe('500');
    expect(minorToDecimal(1234, 'KWD')).toBe('1.234');
  });

  it('reads decimal strings back as integer cents without float drift', () => {
    expect(decimalToMinor('12.34', 'EUR')).toBe(1234);
    expect(decimalToMinor('0.29', 'EUR')).toBe(29);
    expect(decimalToMinor('1.00', 'EUR')).toBe(100);
    expect(decimalToMinor('19.9', 'USD')).toBe(1990);
    expect(decimalToMinor('7', 'GBP')).toBe(700);
    expect(decimalToMinor('.5', 'EUR')).toBe(50);
    expect(decimalToMinor('12.340', 'EUR')).toBe(1234);
    expect(decimalToMinor('500', 'JPY')).toBe(500);
  });

  it('refuses malformed amounts and sub-cent precision', () => {
    for (const bad of ['', '.', 'abc', '1,00', '1.2.3', '1e3']) {
      expect(() => decimalToMinor(bad, 'EUR')).toThrow(RangeError);
    }
    expect(() => decimalToMinor('1.234', 'EUR')).toThrow(/more than 2 decimals/);
    expect(() => minorToDecimal(1.5, 'EUR')).toThrow(RangeError);
  });

  it('round-trips every cent amount', () => {
    for (const cents of [0, 1, 9, 10, 99, 101, 1999, 123456789]) {
      expect(decimalToMinor(minorToDecimal(cents, 'EUR'), 'EUR')).toBe(cents);
    }
  });

  it('maps provider currency codes to the shop currencies only', () => {
    expect(shopCurrency('EUR')).toBe('eur');
    expect(shopCurrency('gbp')).toBe('gbp');
    expect(shopCurrency('JPY')).toBeNull();
    expect(shopCurrency(undefined)).toBeNull();
  });
});
