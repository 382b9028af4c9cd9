import { describe, expect, it } from 'vitest';
import { albumFormatFromMedia, trackDuration, tracklistFromMedia } from './release-details.js';

const media = (...formats: (string | null)[]) => formats.map((format) => ({ format }));

describe('albumFormatFromMedia (docs/product/releases.md#format-from-the-media)', () => {
  it('makes one 12" or unsized vinyl disc an LP, two a 2LP, three or more a 3LP+', () => {
    expect(albumFormatFromMedia(media('12" Vinyl'))).toBe('LP');
    expect(albumFormatFromMedia(media('Vinyl'))).toBe('LP');
    expect(albumFormatFromMedia(media('12" Vinyl', '12" Vinyl'))).toBe('2LP');
    expect(albumFormatFromMedia(media('Vinyl', 'Vinyl'))).toBe('2LP');
    expect(albumFormatFromMedia(media('12" Vinyl', '12" Vinyl', '12" Vinyl'))).toBe('3LP+');
    expect(albumFormatFromMedia(media(...Array<string>(6).fill('12" Vinyl')))).toBe('3LP+');
  });

  it('keeps the size of 7" and 10" records', () => {
    expect(albumFormatFromMedia(media('7" Vinyl'))).toBe('7"');
    expect(albumFormatFromMedia(media('7" Vinyl', '7" Vinyl'))).toBe('7"');
    expect(albumFormatFromMedia(media('10" Vinyl'))).toBe('10"');
  });

  it('reads an EP or a 12" single from the release group when there is one disc', () => {
    expect(albumFormatFromMedia(media('12" Vinyl'), 'EP')).toBe('EP');
    expect(albumFormatFromMedia(media('12" Vinyl'), 'Single')).toBe('12"');
    expect(albumFormatFromMedia(media('12" Vinyl'), 'Album')).toBe('LP');
    expect(albumFormatFromMedia(media('12" Vinyl', '12" Vinyl'), 'Single')).toBe('2LP');
  });

  it('lets the vinyl decide when a record comes with a bonus CD or DVD', () => {
    expect(albumFormatFromMedia(media('12" Vinyl', 'CD'))).toBe('LP');
    expect(albumFormatFromMedia(media('12" Vinyl', '12" Vinyl', 'DVD-Video'))).toBe('2LP');
  });

  it('maps shellac to 78, CDs to CD and cassettes to Cassette', () => {
    expect(albumFormatFromMedia(media('Shellac'))).toBe('78');
    expect(albumFormatFromMedia(media('10" Shellac', '10" Shellac'))).toBe('78');
    expect(albumFormatFromMedia(media('CD'))).toBe('CD');
    expect(albumFormatFromMedia(media('CD', 'Enhanced CD', 'SACD', 'HDCD'))).toBe('CD');
    expect(albumFormatFromMedia(media('Cassette'))).toBe('Cassette');
  });

  it('answers Other for any other physical mix, and null when MusicBrainz lists no format', () => {
    expect(albumFormatFromMedia(media('CD', 'DVD-Video'))).toBe('Other');
    expect(albumFormatFromMedia(media('Digital Media'))).toBe('Other');
    expect(albumFormatFromMedia(media(null, ''))).toBeNull();
    expect(albumFormatFromMedia([])).toBeNull();
  });
});

describe('trackDuration', () => {
  it('writes milliseconds as m:ss, rounded to the second', () => {
    expect(trackDuration(562_000)).toBe('9:22');
    expect(trackDuration(693_400)).toBe('11:33');
    expect(trackDuration(59_600)).toBe('1:00');
    expect(trackDuration(5_000)).toBe('0:05');
    expect(trackDuration(3_725_000)).toBe('62:05');
  });

  it('has no duration for an unknown, zero or absurd length', () => {
    expect(trackDuration(null)).toBeUndefined();
    expect(trackDuration(undefined)).toBeUndefined();
    expect(trackDuration(0)).toBeUndefined();
    expect(trackDuration(-5)).toBeUndefined();
    expect(trackDuration(Number.NaN)).toBeUndefined();
    expect(trackDuration(1000 * 60 * 60_000)).toBeUndefined();
  });
});

describe('tracklistFromMedia', () => {
  it("takes the printed positions, the titles and the track's or else the recording's length", () => {
    const tracks = tracklistFromMedia([
      {
        format: '12" Vinyl',
        tracks: [
          { number: 'A1', position: 1, title: 'So What', length: 562_000 },
          { number: 'B1', position: 2, title: 'All Blues', length: null, recording: { length: 693_400 } },
          { number: 'B2', position: 3, title: 'Flamenco Sketches', length: null, recording: { length: null } },
        ],
      },
    ]);
    expect(tracks).toEqual([
      { position: 'A1', title: 'So What', duration: '9:22' },
      { position: 'B1', title: 'All Blues', duration: '11:33' },
      { position: 'B2', title: 'Flamenco Sketches' },
    ]);
  });

  it('numbers tracks without a printed position by medium and place, and leaves out untitled ones', () => {
    const tracks = tracklistFromMedia([
      {
        position: 1,
        tracks: [
          { position: 1, title: 'One' },
          { position: 2, title: '  ' },
        ],
      },
      { position: 2, tracks: [{ position: 1, title: 'Two' }] },
    ]);
    expect(tracks).toEqual([
      { position: '1-1', title: 'One' },
      { position: '2-1', title: 'Two' },
    ]);
    expect(tracklistFromMedia([{ tracks: [{ title: 'Solo' }] }])).toEqual([{ position: '1', title: 'Solo' }]);
  });

  it("keeps within the album's limits: 200 tracks, positions of 10 characters", () => {
    const many = Array.from({ length: 150 }, (_, i) => ({ number: `A${i + 1}`, title: `Track ${i + 1}` }));
    const tracks = tracklistFromMedia([{ tracks: many }, { tracks: many }]);
    expect(tracks).toHaveLength(200);
    expect(tracklistFromMedia([{ tracks: [{ number: 'A1-very-long-position', title: 'x' }] }])[0]?.position).toBe('A1-very-lo');
  });
});
