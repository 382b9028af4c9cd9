import { describe, expect, it } from 'vitest';
import { ALL_ALBUMS, collectionAfterDelete, collectionHref, resolveSelectedCollection } from './selected-collection';

const names = ['Jazz Corner', 'Living Room', 'Wish List'];

describe('selected collection (docs/product/collections.md#selection)', () => {
  it('the URL collection wins when it exists', () => {
    expect(resolveSelectedCollection(names, 'Wish List', 'Living Room')).toBe('Wish List');
  });

  it('else the stored one, when it exists', () => {
    expect(resolveSelectedCollection(names, null, 'Living Room')).toBe('Living Room');
    expect(resolveSelectedCollection(names, 'Gone', 'Living Room')).toBe('Living Room');
  });

  it('else the first collection', () => {
    expect(resolveSelectedCollection(names, null, null)).toBe('Jazz Corner');
    expect(resolveSelectedCollection(names, 'Gone', 'Also gone')).toBe('Jazz Corner');
  });

  it('none without collections', () => {
    expect(resolveSelectedCollection([], 'Jazz Corner', 'Jazz Corner')).toBeNull();
  });

  it('a name in another case finds its collection (names are unique case-insensitively) and gives its own spelling', () => {
    expect(resolveSelectedCollection(names, 'wish list', null)).toBe('Wish List');
    expect(resolveSelectedCollection(names, null, 'LIVING ROOM')).toBe('Living Room');
  });

  it('All albums (the empty name, docs/product/collections.md#all-albums) is chosen from the URL or from storage like a collection', () => {
    expect(resolveSelectedCollection(names, ALL_ALBUMS, 'Living Room')).toBe(ALL_ALBUMS);
    expect(resolveSelectedCollection(names, null, ALL_ALBUMS)).toBe(ALL_ALBUMS);
    expect(resolveSelectedCollection(names, 'Gone', ALL_ALBUMS)).toBe(ALL_ALBUMS);
    expect(resolveSelectedCollection(names, 'Wish List', ALL_ALBUMS)).toBe('Wish List');
    expect(resolveSelectedCollection([], ALL_ALBUMS, ALL_ALBUMS)).toBeNull();
    expect(collectionHref(ALL_ALBUMS)).toBe('/collection?collection=');
  });

  it('after a delete it falls back to the next collection, else the previous, else none', () => {
    expect(collectionAfterDelete(names, 'Living Room')).toBe('Wish List');
    expect(collectionAfterDelete(names, 'Wish List')).toBe('Living Room');
    expect(collectionAfterDelete(['Only'], 'Only')).toBeNull();
  });

  it('switching goes to /collection?collection={name}', () => {
    expect(collectionHref('Soul & Funk')).toBe('/collection?collection=Soul%20%26%20Funk');
  });
});
