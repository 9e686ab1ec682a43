import { describe, expect, it } from 'vitest';
import type { ProductImage } from '@market/shared';
import { imageAttrs, jsonLdImages, pickImage, PLACEHOLDER } from './product-image.ts';

const ID = '0123456789abcdef0123456789abcdef';
const uploaded: ProductImage = {
  url: `/api/images/${ID}/640.webp`,
  shape: 'rounding',
  size: 'large',
  asset: { id: ID, width: 2000, height: 1500, widths: [160, 320, 640, 1280] },
};
const linked: ProductImage = {
  url: 'https://cdn.example/box.jpg',
  shape: 'rectangle',
  size: 'small',
};

describe('pickImage', () => {
  it('takes the first image made for the view, else the first one', () => {
    expect(pickImage([uploaded, linked], 'small')).toBe(linked);
    expect(pickImage([uploaded, linked], 'large')).toBe(uploaded);
    expect(pickImage([uploaded], 'small')).toBe(uploaded);
    expect(pickImage([], 'small')).toBeUndefined();
  });
});

describe('imageAttrs', () => {
  it('lists every rendered width in srcset, with the intrinsic size and the view’s sizes', () => {
    const attrs = imageAttrs(uploaded, 'small');
    expect(attrs).toMatchObject({
      src: uploaded.url,
      width: 2000,
      height: 1500,
      shape: 'rounding',
    });
    expect(attrs.srcset).toBe(
      [160, 320, 640, 1280].map((w) => `/api/images/${ID}/${w}.webp ${w}w`).join(', '),
    );
    expect(attrs.sizes).toContain('100vw');
  });

  it('draws a linked picture 4:3 without srcset, and the placeholder for none', () => {
    expect(imageAttrs(linked, 'large')).toEqual({
      src: linked.url,
      width: 640,
      height: 480,
      shape: 'rectangle',
    });
    expect(imageAttrs(undefined, 'small', 'rounding')).toEqual({
      ...PLACEHOLDER,
      shape: 'rounding',
    });
  });

  it('lets the view choose the shape', () => {
    expect(imageAttrs(uploaded, 'large', 'rectangle').shape).toBe('rectangle');
  });
});

describe('jsonLdImages', () => {
  it('gives absolute URLs: the largest width of stored pictures, the placeholder for none', () => {
    expect(jsonLdImages([uploaded, linked], 'https://shop.example')).toEqual([
      `https://shop.example/api/images/${ID}/1280.webp`,
      'https://cdn.example/box.jpg',
    ]);
    expect(jsonLdImages([], 'https://shop.example')).toEqual([
      'https://shop.example/images/placeholder.svg',
    ]);
  });
});
