import { queryOptions } from '@tanstack/react-query';
import type { Analytics } from '../../../common/analytics.schemas';
import { API } from '../../lib/api-paths';

/** GET /api/analytics through the default query function (the key is the URL). */
export const analyticsQuery = () => queryOptions<Analytics>({ queryKey: [API.analytics] });
