import { afterEach, describe, expect, it } from 'vitest';
import { OFFLINE_COPY_HEADER } from '../../common/offline-copy';
import { getOfflineState, nextRequestNumber, noteAnswer, noteConnectivity, readsFromKeptCopy, resetOfflineState } from './offline-state';

const kept = (at: string) => new Response('[]', { headers: { [OFFLINE_COPY_HEADER]: at } });
const network = () => new Response('[]');

afterEach(resetOfflineState);

describe('offline state', () => {
  it('an answer from the kept copy says offline and since when; a network answer says online', () => {
    noteAnswer(kept('2026-11-24T16:00:00.000Z'), nextRequestNumber());
    expect(getOfflineState()).toEqual({ offline: true, keptAt: '2026-11-24T16:00:00.000Z' });
    noteAnswer(network(), nextRequestNumber());
    expect(getOfflineState()).toEqual({ offline: false, keptAt: null });
  });

  it('a kept answer to a request older than the last network answer changes nothing', () => {
    const older = nextRequestNumber();
    const newer = nextRequestNumber();
    noteAnswer(network(), newer);
    noteAnswer(kept('2026-11-24T16:00:00.000Z'), older);
    expect(getOfflineState().offline).toBe(false);
  });

  it('back online, the notice stays until a read answers from the network', () => {
    noteAnswer(kept('2026-11-24T16:00:00.000Z'), nextRequestNumber());
    noteConnectivity(true);
    expect(getOfflineState().offline).toBe(true);
    noteAnswer(network(), nextRequestNumber());
    expect(getOfflineState().offline).toBe(false);
    noteConnectivity(false);
    expect(getOfflineState()).toEqual({ offline: true, keptAt: null });
  });
});

describe('reads from the kept copy', () => {
  it('a read stays from the kept copy until its own later request answers from the network', () => {
    noteAnswer(kept('2026-11-24T16:00:00.000Z'), nextRequestNumber(), '/api/albums');
    noteAnswer(network(), nextRequestNumber(), '/api/user');
    expect(readsFromKeptCopy()).toEqual(['/api/albums']);
    // A network answer to a request sent before the latest kept one changes nothing.
    const older = nextRequestNumber();
    noteAnswer(kept('2026-11-24T16:00:00.000Z'), nextRequestNumber(), '/api/albums');
    noteAnswer(network(), older, '/api/albums');
    expect(readsFromKeptCopy()).toEqual(['/api/albums']);
    noteAnswer(network(), nextRequestNumber(), '/api/albums');
    expect(readsFromKeptCopy()).toEqual([]);
  });
});
